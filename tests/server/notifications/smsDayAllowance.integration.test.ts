import { describe, expect, it } from "vitest"
import { withCheckDigit } from "../../../src/domain/order/israeliId.ts"
import { SMS_PER_PHONE_A_DAY } from "../../../src/server/notifications/smsAllowance.ts"
import { type Answer, addCustomer, withHumanCheck } from "../../_support/areaSignIn.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { solveHumanCheck } from "../../_support/humanCheck.ts"
import { askCode } from "../../_support/mobileLogin.ts"
import { PINNED_NOW } from "../../_support/pinnedClock.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { paidOrder } from "../payment/_payment.ts"

/**
 * Issue 20, SMS pumping (src/server/notifications/smsAllowance.ts): the day's SMS, counted in PostgreSQL by the
 * Asia/Jerusalem day of the server's clock. One count per phone, whichever identifier reached it (an ID number and
 * the number itself no longer each have their own day's 20 on one phone), and one budget for the whole chain
 * (`SMS_DAILY_BUDGET`), past which every SMS a caller asks for waits for the next day, with Retry-After.
 */

/** The pinned clock reads 10:00 in Jerusalem (UTC+2 in November): the day ends 14 hours later. */
const SECONDS_LEFT_OF_PINNED_DAY = 14 * 3600
const PINNED_DAY = "2026-11-24"

let next = 0
/** A number and an ID number no seeded customer has, new at each call. */
const freshMobile = () =>
  `0586${String(process.pid % 100).padStart(2, "0")}${String(1000 + next++).slice(-4)}`
const freshSsn = () => withCheckDigit(String(72_000_000 + (process.pid % 1000) * 1000 + next++))

const askByMobile = (server: RunningServer, mobileNumber: string) =>
  withHumanCheck(server, "/customer-area/mobile-login?lang=en", { mobileNumber })
const askBySsn = (server: RunningServer, ssn: string) =>
  withHumanCheck(server, "/customer-area/id-login?lang=en", { ssn })

const smsTo = async (server: RunningServer, mobile: string) =>
  (
    await server.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE kind = 'sms' AND recipient = $1`,
      [mobile],
    )
  )[0]?.n

const dayCount = (server: RunningServer, key: string) =>
  server.query<{ day: string; sent: number }>(
    `SELECT day::text AS day, sent FROM sms_day_counts WHERE key = $1`,
    [key],
  )

/** As if every identifier's resend back-off and every number's codes window had passed (the clock stays). */
const backOffsPassed = async (server: RunningServer) => {
  await server.query(`DELETE FROM customer_sign_in_sends`)
  await server.query(`UPDATE customer_login_codes SET created_at = created_at - interval '1 hour'`)
}

/** A refusal until the pinned day's end, told in the body and in Retry-After. */
const waitsForTomorrow = (answer: Answer, tag: string) => {
  expect(answer.status).toBe(429)
  expect(Object.keys(answer.body).sort()).toEqual(["_tag", "error", "retryAfterSeconds"])
  expect(answer.body).toMatchObject({ _tag: tag, error: "SMS_FAILED" })
  const seconds = answer.body.retryAfterSeconds as number
  expect(seconds).toBeGreaterThan(SECONDS_LEFT_OF_PINNED_DAY - 600)
  expect(seconds).toBeLessThanOrEqual(SECONDS_LEFT_OF_PINNED_DAY)
  expect(answer.headers["retry-after"]).toBe(String(seconds))
}

describe.each(bothDatabases("smsphoneday"))("a phone's day of SMS on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("an ID number and the number itself share the phone's day; past it both stop, known and unknown alike", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const ssn = freshSsn()
    const customer = await addCustomer(server, { ssn })
    const phone = `phone:${customer.mobile}`

    // one code through the number, one through the ID number: one phone, one count, in the database
    expect((await askByMobile(server, customer.mobile)).status).toBe(200)
    expect((await askBySsn(server, ssn)).status).toBe(200)
    expect(await smsTo(server, customer.mobile)).toBe(2)
    expect(await dayCount(server, phone)).toEqual([{ day: PINNED_DAY, sent: 2 }])

    // as if the phone had had all but one of its day's messages; the ID number sends the last one
    await server.query(`UPDATE sms_day_counts SET sent = $2 WHERE key = $1`, [phone, SMS_PER_PHONE_A_DAY - 1])
    await backOffsPassed(server)
    expect((await askBySsn(server, ssn)).status).toBe(200)
    expect(await smsTo(server, customer.mobile)).toBe(3)

    // the number itself, far below its own identifier's 20, has no message left today: it waits for tomorrow
    await backOffsPassed(server)
    waitsForTomorrow(await askByMobile(server, customer.mobile), "SignInCodeBackoff")
    expect(await smsTo(server, customer.mobile)).toBe(3)

    // a number with no account counts its asks on its phone's day too (nothing is sent), and answers alike
    const unknown = freshMobile()
    const first = await askByMobile(server, unknown)
    expect(first.status).toBe(200)
    expect(await smsTo(server, unknown)).toBe(0)
    expect(await dayCount(server, `phone:${unknown}`)).toEqual([{ day: PINNED_DAY, sent: 1 }])
    await server.query(`UPDATE sms_day_counts SET sent = $2 WHERE key = $1`, [
      `phone:${unknown}`,
      SMS_PER_PHONE_A_DAY,
    ])
    await backOffsPassed(server)
    waitsForTomorrow(await askByMobile(server, unknown), "SignInCodeBackoff")

    // the ID number reaches the spent phone: it answers as an unknown ID number does, and sends nothing (a
    // refusal would tell that it has an account, and that this phone is its)
    await backOffsPassed(server)
    const byKnownSsn = await askBySsn(server, ssn)
    const byUnknownSsn = await askBySsn(server, freshSsn())
    expect(byKnownSsn.status).toBe(200)
    expect(byUnknownSsn.status).toBe(200)
    expect(Object.keys(byKnownSsn.body).sort()).toEqual(Object.keys(byUnknownSsn.body).sort())
    expect(await smsTo(server, customer.mobile)).toBe(3)
  })
})

describe.each(bothDatabases("smsbudget", { env: { SMS_DAILY_BUDGET: "3" } }))(
  "the chain's daily SMS budget on $name",
  ({ start }) => {
    const { isUp, live, restart } = useTestServer(start)
    const used: Array<number> = []

    const sendTickets = async (
      server: RunningServer,
      order: { identifier: string; key: string },
      mobile: string,
    ) => {
      const response = await fetch(
        `${server.baseUrl}/api/reservations/${order.identifier}/sendTickets?key=${order.key}`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            mobileNumber: mobile,
            recaptchaToken: await solveHumanCheck(server.baseUrl),
          }),
        },
      )
      return {
        status: response.status,
        headers: { "retry-after": response.headers.get("retry-after") ?? undefined },
        body: (await response.json()) as Record<string, unknown>,
      } satisfies Answer
    }

    it("past the budget every SMS asked for waits for the next Jerusalem day, and the next day sends again", async (ctx) => {
      if (!isUp()) return ctx.skip()
      const server = live()
      // three codes to three new numbers spend the day's budget of three, counted in the database
      const spent = [freshMobile(), freshMobile(), freshMobile()]
      for (const mobile of spent) {
        expect((await askCode(server, mobile, { sendSmsRegardlessOfCustomerExistence: true })).status).toBe(
          200,
        )
        expect(await smsTo(server, mobile)).toBe(1)
      }
      expect(await dayCount(server, "chain")).toEqual([{ day: PINNED_DAY, sent: 3 }])

      // a customer's number, a number nobody has and an ID number nobody has: all refused alike until tomorrow
      const customer = await addCustomer(server, { ssn: freshSsn() })
      waitsForTomorrow(await askByMobile(server, customer.mobile), "SignInCodeBackoff")
      waitsForTomorrow(await askByMobile(server, freshMobile()), "SignInCodeBackoff")
      waitsForTomorrow(await askBySsn(server, freshSsn()), "SignInCodeBackoff")
      expect(await smsTo(server, customer.mobile)).toBe(0)

      // a paid order's confirmation is still queued (its money has moved) and counted; a ticket send is refused
      const order = await paidOrder(server, used)
      expect((await dayCount(server, "chain"))[0]?.sent).toBe(4)
      const tickets = await sendTickets(server, order, freshMobile())
      waitsForTomorrow(tickets, "SmsDailyLimit")
      expect(
        await server.query(
          `SELECT 1 FROM outbox WHERE payload->>'template' = 'sendTickets' AND reservation_id =
        (SELECT id FROM reservations WHERE identifier = $1)`,
          [order.identifier],
        ),
      ).toEqual([])

      // the next day, by the clock of the next server process on the same database: the budget is new
      const tomorrow = await restart({
        clockStart: new Date(Date.parse(PINNED_NOW) + 86_400_000).toISOString(),
      })
      expect((await askByMobile(tomorrow, customer.mobile)).status).toBe(200)
      expect(await smsTo(tomorrow, customer.mobile)).toBe(1)
      expect(await dayCount(tomorrow, "chain")).toEqual([{ day: "2026-11-25", sent: 1 }])
    })
  },
)
