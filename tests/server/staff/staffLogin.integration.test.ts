import { describe, expect, it } from "vitest"
import { DEMO_STAFF_PASSWORD } from "../../../src/server/db/seed/people.ts"
import { WRONG_PASSWORDS_PER_CLIENT, WRONG_PASSWORDS_PER_USER } from "../../../src/server/staff/StaffAuth.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { json, liveGet, login, STAFF, staffToken } from "./_staff.ts"

/** Staff sign-in (issue 18): Argon2id passwords, one answer for unknown and wrong, limits, a session that logout ends. */
describe.each(bothDatabases("stafflogin"))("staff sign-in on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("signs in with the demo password and answers userInfo and the menu from the session", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    const response = await login(server, STAFF.admin.username, DEMO_STAFF_PASSWORD)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { token: string; userInfo: unknown; menu: unknown; today: string }
    expect(body.userInfo).toEqual({ FirstName: "Dana", LastName: "Levi", businessIds: [1, 2], userId: 1 })
    expect(body.menu).toEqual([
      { key: "cinemaAttendance", path: "/PRES-live" },
      { key: "featureView", path: "/PRES-live/v2" },
      { key: "reports", path: "/PRES-live/reports" },
      { key: "references", path: "/PRES-live/references" },
    ])
    expect(body.today).toBe("2026-11-24")
    const info = await liveGet<{ userInfo: unknown }>(server, body.token, "/pres-live/userInfo")
    expect(info.status).toBe(200)
    expect(info.cacheControl).toBe("no-store")
    expect(info.body.userInfo).toEqual(body.userInfo)
    const stored = await server.query<{ hash: string }>(
      `SELECT password_hash AS hash FROM staff_users WHERE id = 1`,
    )
    expect(stored[0]?.hash.startsWith("$argon2id$")).toBe(true)
  })

  it("answers an unknown username exactly like a wrong password", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const unknown = await login(server, "nobody.here", DEMO_STAFF_PASSWORD)
    const wrong = await login(server, STAFF.chain.username, "not-the-password")
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(401)
    expect(await unknown.text()).toBe(await wrong.text())
  })

  it("refuses live calls without a live staff token, and a customer's uuid is not one", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    for (const token of [undefined, "", "not-a-token"]) {
      const answer = await liveGet<{ error: string }>(server, token, "/PRES-live/attendanceStrip")
      expect(answer.status).toBe(401)
      expect(answer.body.error).toBe("STAFF_LOGIN_REQUIRED")
    }
    const asCustomer = await fetch(`${server.baseUrl}/api/pres-live/userInfo`, { headers: { uuid: "x" } })
    expect(asCustomer.status).toBe(401)
    // an expired session is nobody too
    const token = await staffToken(server, STAFF.chain.username)
    await server.query(`UPDATE staff_sessions SET expires_at = marquee_now() - interval '1 second'`)
    expect((await liveGet(server, token, "/pres-live/userInfo")).status).toBe(401)
  })

  it("ends the session at logout", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const token = await staffToken(server, STAFF.partner.username)
    expect((await liveGet(server, token, "/pres-live/userInfo")).status).toBe(200)
    const out = await fetch(`${server.baseUrl}/api/pres-live/logout`, {
      method: "POST",
      headers: { ...json, "x-staff-token": token },
      body: "{}",
    })
    expect(out.status).toBe(200)
    expect((await liveGet(server, token, "/pres-live/userInfo")).status).toBe(401)
  })

  it("limits wrong passwords per user: past the limit even the right one waits, other users do not", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    // right passwords do not count
    for (let i = 0; i < WRONG_PASSWORDS_PER_USER + 2; i++)
      expect((await login(server, STAFF.analyst.username, DEMO_STAFF_PASSWORD)).status).toBe(200)
    for (let i = 0; i < WRONG_PASSWORDS_PER_USER; i++)
      expect((await login(server, STAFF.analyst.username, `wrong-${i}`)).status).toBe(401)
    const limited = await login(server, STAFF.analyst.username, DEMO_STAFF_PASSWORD)
    expect(limited.status).toBe(429)
    expect(((await limited.json()) as { error: string }).error).toBe("TOO_MANY_ATTEMPTS")
    // an unknown username is limited the same way (no hint that it does not exist)
    for (let i = 0; i < WRONG_PASSWORDS_PER_USER; i++) await login(server, "ghost", `wrong-${i}`)
    expect((await login(server, "ghost", "x")).status).toBe(429)
    expect((await login(server, STAFF.admin.username, DEMO_STAFF_PASSWORD)).status).toBe(200)
  })

  // last: it spends this client's allowance for the window
  it("limits wrong passwords per client across usernames", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    // what earlier tests in this file spent from the client's window
    const spent = await server.query<{ used: number }>(
      `SELECT coalesce(sum(used), 0)::int AS used FROM rate_limits WHERE key LIKE 'staffLogin:client:%'`,
    )
    const left = WRONG_PASSWORDS_PER_CLIENT - (spent[0]?.used ?? 0)
    for (let i = 0; i < left; i++) expect((await login(server, `user-${i}`, "wrong")).status).toBe(401)
    expect((await login(server, STAFF.admin.username, DEMO_STAFF_PASSWORD)).status).toBe(429)
  })
})
