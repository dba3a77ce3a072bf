import { describe, expect, it } from "vitest"
import { MAX_TRIES } from "../../../src/server/customer/oneTimeCodes.ts"
import { addCustomer } from "../../_support/areaSignIn.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import {
  askCode,
  backOffPassed,
  lastCode,
  sendsForgotten,
  validate,
  wrongCode,
} from "../../_support/mobileLogin.ts"
import type { RunningServer } from "../../_support/testServer.ts"

/**
 * Issue 14, item 5: an older SMS code came back after the newest was locked out (code 1, code 2, five wrong
 * tries spend code 2, then code 1 signed in), and each new code bought five more guesses. Now a new code ends
 * every older one, and the wrong tries count per number over the codes' window.
 * Issue 15: the checkout's `POST /customer/mobile-login` answers alike for numbers with and without an account, and
 * its resends back off like the area's sign-in's.
 */
const databases = bothDatabases("logincodes")

describe.each(databases)("sign-in codes on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  /** A number no seeded customer has, one per test, signing in as a new customer. */
  let next = 0
  const freshMobile = () => `0589${String(100_000 + next++).slice(-6)}`
  const ask = async (server: RunningServer, mobile: string) => {
    const asked = await askCode(server, mobile, { sendSmsRegardlessOfCustomerExistence: true })
    expect(asked.status).toBe(200)
    // these tests are about the codes, not the resend back-off (its own test below)
    await backOffPassed(server, mobile)
    return lastCode(server, mobile)
  }

  it("a new code ends the older ones: after the newest is locked out, the first signs nobody in", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const mobile = freshMobile()
    const first = await ask(server, mobile)
    const second = await ask(server, mobile)
    expect(second).not.toBe(first)
    // the first code is over as soon as the second is sent
    expect((await validate(server, mobile, first)).status).toBe(400)
    for (let i = 1; i < MAX_TRIES; i++)
      expect((await validate(server, mobile, wrongCode(second, 1 + (i % 7)))).status).toBe(400)
    // neither the older code nor, after the limit, the right one signs in
    expect((await validate(server, mobile, first)).status).toBe(400)
    expect((await validate(server, mobile, second)).status).toBe(400)
  })

  it("wrong tries count per number, not per code: new codes buy no more guesses", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const mobile = freshMobile()
    let code = await ask(server, mobile)
    for (let i = 0; i < MAX_TRIES - 1; i++) {
      expect((await validate(server, mobile, wrongCode(code, 1 + i))).status).toBe(400)
      if (i === 1) code = await ask(server, mobile)
    }
    // one guess is left for the number, whichever code it is: a wrong one spends it
    expect((await validate(server, mobile, wrongCode(code, 3))).status).toBe(400)
    // the third (last) code of the window, right this time, is refused: the number has had its guesses
    code = await ask(server, mobile)
    const refused = await validate(server, mobile, code)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: "INVALID_SMS_CODE" })
  })

  it("still signs in with the latest code at the first try", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const mobile = freshMobile()
    await ask(server, mobile)
    const latest = await ask(server, mobile)
    const signedIn = await validate(server, mobile, latest)
    expect(signedIn.status).toBe(200)
    // a login answer is personal: nothing on the way keeps it
    expect(signedIn.headers.get("cache-control")).toBe("no-store")
  })

  it("known and unknown numbers answer alike (status and body), and resends back off 30 s, then 60 s", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    // this test's 14 asks come from the one client the file's other tests already asked from: its per-client limit
    // (20 an hour, tested on its own) starts afresh, so every answer here is the number's back-off
    await server.query(`DELETE FROM rate_limits WHERE key LIKE 'signInSend:client:%'`)
    const known = (await addCustomer(server)).mobile
    const unknown = freshMobile()
    const answer = async (mobile: string) => {
      const asked = await askCode(server, mobile)
      return { status: asked.status, body: (await asked.json()) as Record<string, unknown> }
    }
    /** A refusal to wait, about `seconds` (the server's clock runs on while the test asks), told alike. */
    const waits = async (seconds: number) => {
      for (const mobile of [known, unknown]) {
        const { status, body } = await answer(mobile)
        expect(status).toBe(429)
        expect(Object.keys(body).sort()).toEqual(["_tag", "error", "retryAfterSeconds"])
        expect(body).toMatchObject({ _tag: "SignInCodeBackoff", error: "SMS_FAILED" })
        expect(body.retryAfterSeconds).toBeGreaterThan(seconds - 10)
        expect(body.retryAfterSeconds).toBeLessThanOrEqual(seconds)
      }
    }
    const sent = { status: 200, body: { success: true } }
    const passed = async (seconds: number) => {
      await backOffPassed(server, known, seconds)
      await backOffPassed(server, unknown, seconds)
    }
    expect(await answer(known)).toEqual(sent)
    expect(await answer(unknown)).toEqual(sent)
    const firstCode = await lastCode(server, known)
    expect(firstCode).toMatch(/^\d{6}$/)
    expect(await lastCode(server, unknown)).toBeUndefined()

    // at once again: both wait 30 seconds; 15 seconds on, still about 15; 30 on, the second code goes out
    await waits(30)
    await passed(15)
    await waits(15)
    await passed(15)
    expect(await answer(known)).toEqual(sent)
    expect(await answer(unknown)).toEqual(sent)
    expect(await lastCode(server, known)).not.toBe(firstCode)

    // the third waits 60 seconds
    await waits(60)
    await passed(60)
    expect(await answer(known)).toEqual(sent)
    expect(await answer(unknown)).toEqual(sent)
    // the window's three are spent: the next waits for the window's end (10 minutes from the first), known or not
    await waits(600)
    expect(await lastCode(server, unknown)).toBeUndefined()
  })
  it("a number gets at most 20 codes a day, whoever asks: past them the ask waits for the day's end", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    // the per-client hour limit is its own test: this one is about the number's day
    await server.query(`DELETE FROM rate_limits WHERE key LIKE 'signInSend:client:%'`)
    const mobile = freshMobile()
    const first = await askCode(server, mobile, { sendSmsRegardlessOfCustomerExistence: true })
    expect(first.status).toBe(200)
    const code = await lastCode(server, mobile)
    // the day's count is in PostgreSQL, shared by every server process: the send above is its first
    const day = `signInSend:identifier:mobile:${mobile}`
    const counted = await server.query<{ used: number }>(`SELECT used FROM rate_limits WHERE key = $1`, [day])
    expect(counted).toEqual([{ used: 1 }])
    // as if nineteen more had gone out today, each after its back-off
    await server.query(`UPDATE rate_limits SET used = 20 WHERE key = $1`, [day])
    await sendsForgotten(server, mobile)
    const refused = await askCode(server, mobile, { sendSmsRegardlessOfCustomerExistence: true })
    expect(refused.status).toBe(429)
    const body = (await refused.json()) as { retryAfterSeconds: number }
    expect(body).toMatchObject({ _tag: "SignInCodeBackoff", error: "SMS_FAILED" })
    expect(body.retryAfterSeconds).toBeGreaterThan(0)
    expect(body.retryAfterSeconds).toBeLessThanOrEqual(86_400)
    expect(refused.headers.get("retry-after")).toBe(String(body.retryAfterSeconds))
    expect(await lastCode(server, mobile)).toBe(code)
  })
})
