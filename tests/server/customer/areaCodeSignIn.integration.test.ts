import { describe, expect, it } from "vitest"
import { withCheckDigit } from "../../../src/domain/order/israeliId.ts"
import { CODE_TRIES_PER_CLIENT, MAX_TRIES } from "../../../src/server/customer/oneTimeCodes.ts"
import {
  addCustomer,
  call,
  codeSentTo,
  type TestCustomer,
  validateCode,
  withHumanCheck,
} from "../../_support/areaSignIn.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { wrongCode } from "../../_support/mobileLogin.ts"
import type { RunningServer } from "../../_support/testServer.ts"

/**
 * Issue 15, the customer area's code sign-ins (src/api/CustomerSignInApi.ts): by mobile number, by ID number
 * (the code goes to the phone on file) and by reservation number (to the reservation's phone). The code is named
 * by the challenge the first call answered; the rules of oneTimeCodes.ts hold, and the answers never tell whether
 * an account exists.
 */
const databases = bothDatabases("areacodes")

let nextId = 0
/** A valid ID number no seeded customer has (the seed's are below 40,000,000). */
const freshSsn = () => withCheckDigit(String(71_000_000 + (process.pid % 1000) * 1000 + nextId++))

const askByMobile = (server: RunningServer, mobileNumber: string) =>
  withHumanCheck(server, "/customer-area/mobile-login?lang=en", { mobileNumber })

/** Asks a code for this customer's phone and answers the challenge and the code the SMS carries. */
const askCode = async (server: RunningServer, customer: TestCustomer) => {
  const asked = await askByMobile(server, customer.mobile)
  expect(asked.status).toBe(200)
  return {
    challenge: asked.body.signInChallenge as string,
    code: (await codeSentTo(server, customer.mobile)) as string,
  }
}

describe.each(databases)("area code sign-in on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("signs in by mobile number and code: a new session, the customer with the ID number masked, no-store", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const ssn = freshSsn()
    const customer = await addCustomer(server, { ssn, firstName: "Maya" })
    const { challenge, code } = await askCode(server, customer)
    expect(code).toMatch(/^[0-9]{6}$/)
    const signedIn = await validateCode(server, challenge, code)
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers["cache-control"]).toBe("no-store")
    expect(signedIn.body.customerAreaInfo).toMatchObject({
      CustomerId: customer.id,
      FirstName: "Maya",
      MobileNumber1: customer.mobile,
      MaskedSsn: `******${ssn.slice(-3)}`,
    })
    expect(JSON.stringify(signedIn.body)).not.toContain(ssn)
    // the session works for calls that need a customer
    const me = await call(server, "GET", "/customer-area/customer", undefined, {
      headers: { uuid: signedIn.body.uuid as string },
    })
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ CustomerId: customer.id })
  })

  it("five wrong codes from five client addresses lock the code: the right one is refused after them", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const customer = await addCustomer(server)
    const { challenge, code } = await askCode(server, customer)
    for (let i = 0; i < MAX_TRIES; i++) {
      const wrong = await validateCode(server, challenge, wrongCode(code, 1 + i), `127.0.0.${20 + i}`)
      expect(wrong.status).toBe(400)
      expect(wrong.body).toMatchObject({ error: "INVALID_SMS_CODE" })
    }
    const locked = await validateCode(server, challenge, code, "127.0.0.30")
    expect(locked.status).toBe(400)
    expect(locked.body).toMatchObject({ error: "INVALID_SMS_CODE" })
  })

  it("one client's tries are limited whichever phone it names: past them its right code is refused, another client's works", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const customer = await addCustomer(server)
    const { challenge, code } = await askCode(server, customer)
    // one address guessing across many phones (challenges it never got): each try counts against the client
    const guesser = "127.0.0.77"
    for (let i = 0; i < CODE_TRIES_PER_CLIENT.limit; i++) {
      const guess = await validateCode(server, `guessed-challenge-${i}`, "123456", guesser)
      expect(guess.status).toBe(400)
    }
    const refused = await validateCode(server, challenge, code, guesser)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: "INVALID_SMS_CODE" })
    // the refusal spent none of the phone's own tries: the same code from another client signs in
    const signedIn = await validateCode(server, challenge, code, "127.0.0.78")
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.customerAreaInfo).toMatchObject({ CustomerId: customer.id })
  })

  it("a used code and an expired code sign nobody in", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const customer = await addCustomer(server)
    const first = await askCode(server, customer)
    expect((await validateCode(server, first.challenge, first.code)).status).toBe(200)
    expect((await validateCode(server, first.challenge, first.code)).status).toBe(400)

    const other = await addCustomer(server)
    const late = await askCode(server, other)
    // the clock moves past the code's 5 minutes (the code's own times move back, as if the server's clock ran on)
    await server.query(
      `UPDATE customer_login_codes SET created_at = created_at - interval '6 minutes',
         expires_at = expires_at - interval '6 minutes' WHERE mobile = $1`,
      [other.mobile],
    )
    const expired = await validateCode(server, late.challenge, late.code)
    expect(expired.status).toBe(400)
    expect(expired.body).toMatchObject({ error: "INVALID_SMS_CODE" })
  })

  it("a code sent to one phone does not open another's challenge", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const a = await addCustomer(server)
    const b = await addCustomer(server)
    const forA = await askCode(server, a)
    const forB = await askCode(server, b)
    expect((await validateCode(server, forB.challenge, forA.code)).status).toBe(400)
    const asB = await validateCode(server, forB.challenge, forB.code)
    expect(asB.status).toBe(200)
    expect(asB.body.customerAreaInfo).toMatchObject({ CustomerId: b.id })
  })

  it("known and unknown mobile numbers answer alike, and only the known one gets a message", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const known = await addCustomer(server)
    const unknown = "0549999001"
    const a = await askByMobile(server, known.mobile)
    const b = await askByMobile(server, unknown)
    expect(b.status).toBe(a.status)
    expect(Object.keys(b.body).sort()).toEqual(Object.keys(a.body).sort())
    expect(b.body.success).toBe(true)
    expect(String(b.body.signInChallenge)).toHaveLength(String(a.body.signInChallenge).length)
    expect(await codeSentTo(server, unknown)).toBeUndefined()
    // its challenge opens nothing
    expect((await validateCode(server, b.body.signInChallenge as string, "123456")).body).toMatchObject({
      error: "INVALID_SMS_CODE",
    })
    // resends back off alike: the second ask at once waits 30 seconds, known or not
    const again = await askByMobile(server, known.mobile)
    const againUnknown = await askByMobile(server, unknown)
    // (about 30: the server's clock runs on while the test asks, over a second on a loaded machine's PGlite)
    for (const answer of [again, againUnknown]) {
      expect(answer.status).toBe(429)
      expect(Object.keys(answer.body).sort()).toEqual(["_tag", "error", "retryAfterSeconds"])
      expect(answer.body).toMatchObject({ _tag: "SignInCodeBackoff", error: "SMS_FAILED" })
      expect(answer.body.retryAfterSeconds).toBeGreaterThan(20)
      expect(answer.body.retryAfterSeconds).toBeLessThanOrEqual(30)
    }
  })

  it("checkout: a number the chain has not met gets a code and becomes a customer", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const mobile = "0549999003"
    const asked = await withHumanCheck(server, "/customer-area/mobile-login?checkout=true&lang=en", {
      mobileNumber: mobile,
    })
    expect(asked.status).toBe(200)
    const code = (await codeSentTo(server, mobile)) as string
    const signedIn = await validateCode(server, asked.body.signInChallenge as string, code)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.customerAreaInfo).toMatchObject({ MobileNumber1: mobile, MaskedSsn: null })
  })

  it("refuses a number that is not an Israeli mobile, before any message", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const refused = await askByMobile(server, "+44 20 7946 0000")
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: "invalid_mobileNumber" })
  })

  it("by ID number: the code goes to the phone on file, and unknown ID numbers answer alike", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const ssn = freshSsn()
    const customer = await addCustomer(server, { ssn })
    const asked = await withHumanCheck(server, "/customer-area/id-login?lang=he", { ssn })
    expect(asked.status).toBe(200)
    const code = (await codeSentTo(server, customer.mobile)) as string
    expect(code).toMatch(/^[0-9]{6}$/)
    const signedIn = await validateCode(server, asked.body.signInChallenge as string, code)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.customerAreaInfo).toMatchObject({ CustomerId: customer.id })

    const unknown = await withHumanCheck(server, "/customer-area/id-login?lang=he", { ssn: freshSsn() })
    expect(unknown.status).toBe(asked.status)
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(asked.body).sort())
    const malformed = await withHumanCheck(server, "/customer-area/id-login", { ssn: "123456789" })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({ error: "invalid_ssn" })
  })

  it("by reservation number: the code goes to the reservation's phone; an unknown number answers alike", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const customer = await addCustomer(server)
    const [order] = await server.query<{ identifier: string }>(
      `SELECT identifier FROM reservations WHERE customer_id IS NOT NULL AND identifier ~ '^MQ[0-9]{10}$'
       ORDER BY id LIMIT 1`,
    )
    const identifier = order?.identifier as string
    await server.query(`UPDATE reservations SET customer_id = $1 WHERE identifier = $2`, [
      customer.id,
      identifier,
    ])
    const asked = await withHumanCheck(server, "/customer-area/reservation-login", {
      reservationNumber: identifier,
    })
    expect(asked.status).toBe(200)
    const code = (await codeSentTo(server, customer.mobile)) as string
    const signedIn = await validateCode(server, asked.body.signInChallenge as string, code)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.customerAreaInfo).toMatchObject({ CustomerId: customer.id })

    const unknown = await withHumanCheck(server, "/customer-area/reservation-login", {
      reservationNumber: "MQ0000000000",
    })
    expect(unknown.status).toBe(200)
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(asked.body).sort())
  })

  it("without the challenge, or with one never issued, no code signs in", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const customer = await addCustomer(server)
    const { code } = await askCode(server, customer)
    const bare = await call(server, "POST", "/customer-area/mobile-login-validation", { smsCode: code })
    expect(bare.status).toBe(400)
    expect((await validateCode(server, "not-a-challenge", code)).status).toBe(400)
  })
})
