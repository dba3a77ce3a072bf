import { describe, expect, it } from "vitest"
import { withCheckDigit } from "../../../src/domain/order/israeliId.ts"
import { ssnKeys, ssnLookupHash } from "../../../src/server/customer/ssnProtection.ts"
import { DEMO_MEMBER_SSN } from "../../../src/server/db/seed/codes.ts"
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from "../../../src/server/db/seed/demoCustomer.ts"
import { addCustomer, call, withHumanCheck } from "../../_support/areaSignIn.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"

/**
 * Issue 15: e-mail + password, member number + ID number, the `/customer/{token}` links, sessions (new at every
 * sign-in, dead after logout) and ID numbers at rest (keyed hash and sealed copy, no plain column).
 */
const databases = bothDatabases("areasessions")

const passwordLogin = (server: RunningServer, email: string, password: string) =>
  withHumanCheck(server, "/customer/login", { email, password, includeMemberships: true })

const me = (server: RunningServer, uuid: string) =>
  call(server, "GET", "/customer-area/customer", undefined, { headers: { uuid } })

/** Sends a sign-in link to this number and answers the token the SMS carries. */
const linkToken = async (server: RunningServer, mobile: string) => {
  const sent = await withHumanCheck(server, "/customer-area/sign-in-link?lang=en", { mobileNumber: mobile })
  expect(sent.status).toBe(200)
  const rows = await server.query<{ path: string }>(
    `SELECT payload->>'path' AS path FROM outbox WHERE recipient = $1 AND payload->>'template' = 'signInLink'
     ORDER BY id DESC LIMIT 1`,
    [mobile],
  )
  return (rows[0]?.path ?? "").replace("/customer/", "")
}

/** Asks for a sign-in link by e-mail; answers the call's answer and the outbox rows it queued for that address. */
const emailLink = async (server: RunningServer, email: string) => {
  const sent = await withHumanCheck(server, "/customer-area/sign-in-link-email?lang=en", { email })
  const rows = await server.query<{ kind: string; recipient: string; path: string }>(
    `SELECT kind, recipient, payload->>'path' AS path FROM outbox
     WHERE lower(recipient) = lower(trim($1)) AND payload->>'template' = 'signInLink' ORDER BY id`,
    [email],
  )
  return { sent, rows }
}

describe.each(databases)("area sessions on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("signs the demo customer in by e-mail and password, with her memberships", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const answer = await passwordLogin(server, DEMO_CUSTOMER_EMAIL.toUpperCase(), DEMO_CUSTOMER_PASSWORD)
    expect(answer.status).toBe(200)
    expect(answer.headers["cache-control"]).toBe("no-store")
    expect(answer.body.customerAreaInfo).toMatchObject({
      FirstName: "דנה",
      MaskedSsn: `******${DEMO_MEMBER_SSN.slice(-3)}`,
    })
    expect(answer.body.memberships).toEqual(
      expect.arrayContaining([expect.objectContaining({ MemberNumber: "90000001" })]),
    )
  })

  it("a passphrase of 100 characters works, and is stored as Argon2id", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const password = "correct horse battery staple ".repeat(4).slice(0, 100)
    const customer = await addCustomer(server, { password })
    const [row] = await server.query<{ hash: string }>(
      `SELECT password_hash AS hash FROM customers WHERE id = $1`,
      [customer.id],
    )
    expect(row?.hash).toMatch(/^\$argon2id\$/)
    expect((await passwordLogin(server, customer.email, password)).status).toBe(200)
    expect((await passwordLogin(server, customer.email, password.slice(0, 99))).status).toBe(401)
  })

  it("an unknown e-mail and a wrong password answer alike", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const customer = await addCustomer(server, { password: "a real password of some length" })
    const wrong = await passwordLogin(server, customer.email, "not the password")
    const unknown = await passwordLogin(server, "nobody.here@example.test", "not the password")
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(wrong.status)
    expect(unknown.body).toEqual(wrong.body)
    expect(wrong.body).toMatchObject({ error: "LOGIN_FAILED" })
  })

  it("limits password tries per account: the eleventh in 15 minutes is refused, even with the right password", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const password = "the right password"
    const customer = await addCustomer(server, { password })
    for (let i = 0; i < 10; i++)
      expect((await passwordLogin(server, customer.email, `wrong ${i}`)).status).toBe(401)
    const limited = await passwordLogin(server, customer.email, password)
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ error: "LOGIN_FAILED" })
  })

  it("a new session at every sign-in; logout kills it on the server and clears the browser's cache", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const password = "session password"
    const customer = await addCustomer(server, { password })
    const first = (await passwordLogin(server, customer.email, password)).body.uuid as string
    const second = (await passwordLogin(server, customer.email, password)).body.uuid as string
    expect(first).not.toBe(second)
    expect((await me(server, first)).status).toBe(200)
    const out = await call(server, "POST", "/customer-area/logout", {}, { headers: { uuid: first } })
    expect(out.status).toBe(200)
    expect(out.headers["clear-site-data"]).toBe('"cache"')
    const after = await me(server, first)
    expect(after.status).toBe(401)
    expect(after.body).toMatchObject({ error: "LOGIN_FAILED" })
    // the other session lives until its own logout, through the checkout's call this time
    expect((await me(server, second)).status).toBe(200)
    expect((await call(server, "POST", "/customer/logout", {}, { headers: { uuid: second } })).status).toBe(
      200,
    )
    expect((await me(server, second)).status).toBe(401)
  })

  it("member number + ID number signs the holder in; a wrong ID number and an unknown member answer alike", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const [member] = await server.query<{ number: string }>(
      `SELECT m.member_number AS number FROM members m JOIN customers c ON c.id = m.customer_id
       WHERE c.ssn_hash IS NOT NULL AND m.member_number <> '90000001' ORDER BY m.id LIMIT 1`,
    )
    const holder = await withHumanCheck(server, "/customer-area/member-login", {
      memberNumber: "90000002",
      ssn: DEMO_MEMBER_SSN,
    })
    expect(holder.status).toBe(200)
    expect(holder.body.customerAreaInfo).toMatchObject({ FirstName: "דנה" })
    const wrongSsn = await withHumanCheck(server, "/customer-area/member-login", {
      memberNumber: member?.number,
      ssn: withCheckDigit("50000002"),
    })
    const unknown = await withHumanCheck(server, "/customer-area/member-login", {
      memberNumber: "99999998",
      ssn: withCheckDigit("50000002"),
    })
    expect(wrongSsn.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(unknown.body).toEqual(wrongSsn.body)
  })

  it("a link token signs in once: two redemptions at once, exactly one success", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const customer = await addCustomer(server)
    const token = await linkToken(server, customer.mobile)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const answers = await Promise.all(
      [0, 1, 2].map(() => call(server, "POST", "/customer-area/link-token", { token })),
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([200, 409, 409])
    expect(answers.find((a) => a.status === 200)?.body.customerAreaInfo).toMatchObject({
      CustomerId: customer.id,
    })
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({ error: "CUSTOMER_TOKEN_REDEEMED" })
  })

  it("a link by e-mail goes to the address on file and signs in once; an unknown address answers alike", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const customer = await addCustomer(server)
    // typed in capitals with spaces: the address on file is found, and the mail goes to it as stored
    const known = await emailLink(server, `  ${customer.email.toUpperCase()} `)
    const unknown = await emailLink(server, `nobody.${customer.id}@example.test`)
    expect(known.sent.status).toBe(200)
    expect(known.sent.headers["cache-control"]).toBe("no-store")
    expect(unknown.sent.status).toBe(known.sent.status)
    expect(unknown.sent.body).toEqual(known.sent.body)
    expect(unknown.rows).toEqual([])
    expect(known.rows).toHaveLength(1)
    expect(known.rows[0]).toMatchObject({ kind: "email", recipient: customer.email })
    const token = (known.rows[0]?.path ?? "").replace("/customer/", "")
    const signedIn = await call(server, "POST", "/customer-area/link-token", { token })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.customerAreaInfo).toMatchObject({ CustomerId: customer.id })
    expect((await call(server, "POST", "/customer-area/link-token", { token })).body).toMatchObject({
      error: "CUSTOMER_TOKEN_REDEEMED",
    })
  })

  it("a link by e-mail: a second request at once is told to wait, and no address is not an address", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const customer = await addCustomer(server)
    expect((await emailLink(server, customer.email)).sent.status).toBe(200)
    const again = await emailLink(server, customer.email)
    expect(again.sent.status).toBe(429)
    expect(again.sent.body).toMatchObject({ error: "SMS_FAILED" })
    expect(again.rows).toHaveLength(1)
    const bad = await withHumanCheck(server, "/customer-area/sign-in-link-email?lang=en", {
      email: "not-an-address",
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ error: "invalid_email" })
  })

  it("30 unknown link tokens from one client stop its redemptions, a real link's too, with Retry-After; others go on", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const customer = await addCustomer(server)
    const token = await linkToken(server, customer.mobile)
    // the guesser's own address, so no other test's misses count here (issue 20: the count is in PostgreSQL)
    const guesser = "127.0.0.6"
    for (let guess = 0; guess < 30; guess++) {
      const miss = await call(
        server,
        "POST",
        "/customer-area/link-token",
        { token: `guess${guess}` },
        { from: guesser },
      )
      expect(miss.status, `guess ${guess}`).toBe(404)
    }
    const refused = await call(server, "POST", "/customer-area/link-token", { token }, { from: guesser })
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ error: "LOGIN_FAILED", retryAfterSeconds: 600 })
    expect(refused.headers["retry-after"]).toBe("600")
    // the refused try did not spend the link: its owner, elsewhere, signs in with it
    const owner = await call(server, "POST", "/customer-area/link-token", { token }, { from: "127.0.0.7" })
    expect(owner.status).toBe(200)
    expect(owner.body.customerAreaInfo).toMatchObject({ CustomerId: customer.id })
  })

  it("an expired link and an unknown one are told apart from a used one", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const customer = await addCustomer(server)
    const token = await linkToken(server, customer.mobile)
    await server.query(
      `UPDATE customer_link_tokens SET expires_at = marquee_now() - interval '1 minute' WHERE customer_id = $1`,
      [customer.id],
    )
    const expired = await call(server, "POST", "/customer-area/link-token", { token })
    expect(expired.status).toBe(410)
    expect(expired.body).toMatchObject({ error: "CUSTOMER_TOKEN_EXPIRED" })
    const unknown = await call(server, "POST", "/customer-area/link-token", { token: `${token}x` })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ error: "CUSTOMER_TOKEN_ERROR" })
    // a number that is nobody's is answered the same and gets no link
    const stranger = await withHumanCheck(server, "/customer-area/sign-in-link", {
      mobileNumber: "0549999002",
    })
    expect(stranger.status).toBe(200)
    expect(stranger.body).toEqual({ success: true })
  })

  it("keeps no ID number in plain text: no ssn column, and the hash is keyed", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const columns = await server.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'customers'`,
    )
    const names = columns.map((c) => c.name)
    expect(names).not.toContain("ssn")
    expect(names).toEqual(expect.arrayContaining(["ssn_hash", "ssn_sealed"]))
    const [demo] = await server.query<{ hash: string; sealed: string; everything: string }>(
      `SELECT ssn_hash AS hash, ssn_sealed AS sealed, row_to_json(c)::text AS everything
       FROM customers c WHERE email = $1`,
      [DEMO_CUSTOMER_EMAIL],
    )
    expect(demo?.everything).not.toContain(DEMO_MEMBER_SSN)
    expect(demo?.hash).toBe(ssnLookupHash(await server.run(ssnKeys), DEMO_MEMBER_SSN))
    expect(demo?.sealed).toMatch(/^v1\./)
    const plain = await server.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM customers WHERE ssn_hash ~ '^[0-9]{9}$' OR ssn_sealed ~ '^[0-9]{9}$'`,
    )
    expect(plain[0]?.n).toBe(0)
  })
})
