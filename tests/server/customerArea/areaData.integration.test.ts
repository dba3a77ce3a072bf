import { describe, expect, it } from "vitest"
import type { CustomerAreaData } from "../../../src/api/CustomerAreaApi.ts"
import { DEMO_MEMBER_SSN } from "../../../src/server/db/seed/codes.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { call, DEMO_MOBILE, secondMobile, signIn } from "./_area.ts"

/**
 * Issue 15, the customer area's data: `GET /customer-area/customerAreaData` shows the seeded customer's
 * reservations in every state, vouchers, memberships and video on demand; another customer's reservation or
 * voucher is 404 on every call, whatever is put in the request; every personal answer is `no-store`.
 */
const databases = bothDatabases("areadata")

describe.each(databases)("the customer area's data on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const uuids: { demo?: string; second?: string } = {}
  const demo = async () => {
    uuids.demo ??= await signIn(live(), DEMO_MOBILE)
    return uuids.demo
  }
  const second = async () => {
    uuids.second ??= await signIn(live(), await secondMobile(live()))
    return uuids.second
  }
  const areaData = async (uuid: string) => {
    const answer = await call(live(), uuid, "GET", "/api/customer-area/customerAreaData?lang=en")
    expect(answer.status).toBe(200)
    expect(answer.cacheControl).toBe("no-store")
    return answer.body as unknown as CustomerAreaData
  }

  it("shows the seeded reservations, vouchers, memberships and titles in every state, masked and no-store", async (ctx) => {
    if (!isUp()) return ctx.skip()
    expect((await call(live(), null, "GET", "/api/customer-area/customerAreaData")).status).toBe(401)
    for (const uuid of [await demo(), await second()]) {
      const data = await areaData(uuid)
      for (const state of ["active", "partlyCancelled", "cancelled", "past", "scanned", "collected"])
        expect(
          data.reservations.some((r) => r.state === state),
          state,
        ).toBe(true)
      // upcoming first, soonest first
      const upcoming = data.reservations.filter(
        (r) => Date.parse(r.presentation.dateTime) > Date.parse(data.serverTime),
      )
      expect(data.reservations.slice(0, upcoming.length)).toEqual(upcoming)
      // the area's seeded one (the generated customer also has the demo chain's sales history)
      const active = data.reservations.find((r) => r.state === "active" && r.documentKeys.length === 1)
      expect(active).toMatchObject({ isCancellable: true, notCancellableReason: null, quantity: 2 })
      const partly = data.reservations.find((r) => r.state === "partlyCancelled")
      expect(partly?.tickets.map((t) => t.state).sort()).toEqual(["active", "active", "cancelled"])
      expect(data.reservations.find((r) => r.state === "scanned")?.notCancellableReason).toBe("scanned")
      expect(data.reservations.find((r) => r.state === "collected")?.notCancellableReason).toBe("collected")
      expect(data.transactionCredit).toBeGreaterThan(0)

      const vouchers = new Map(data.SystemVouchers.map((v) => [v.reference.replace(/^AREA-[DS]-/, ""), v]))
      expect(vouchers.get("FULL")).toMatchObject({ state: "active", isCancellable: true, redeemed: 0 })
      expect(vouchers.get("PART")).toMatchObject({
        state: "partiallyRedeemed",
        isPartiallyRedeemed: true,
        balance: 4000,
        quantity: 10000,
        redeemed: 6000,
        isCancellable: false,
      })
      expect(vouchers.get("USED")).toMatchObject({ state: "fullyRedeemed", isReplaceable: false })
      expect(vouchers.get("EXPIRED")).toMatchObject({ state: "expired", isReplaceable: true })
      expect(vouchers.get("REPL")).toMatchObject({ state: "forReplacement", IsForReplacement: true })
      expect(vouchers.get("REPL")?.DateTimeCreated).not.toBeNull()
      expect(vouchers.get("TICKETS")).toMatchObject({ kind: "tickets", balance: 1, quantity: 2 })

      const members = data.Members.filter((m) => m.memberNumber.startsWith("9100"))
      expect(members.map((m) => m.state).sort()).toEqual(["active", "active", "expired", "notStarted"])
      expect(members.filter((m) => m.renewalOffered)).toHaveLength(1)
      // renewed online where the membership shop sells it (sold online, with a price), else at the box office
      const online = await live().query<{ id: number }>(
        `SELECT ms.id FROM memberships ms
         WHERE ms.is_sold_online AND EXISTS (SELECT 1 FROM membership_prices mp WHERE mp.membership_id = ms.id)`,
      )
      const sold = new Set(online.map((row) => row.id))
      for (const m of data.Members) expect(m.renewsOnline, m.memberNumber).toBe(sold.has(m.membershipId))
      const expiring = members.find((m) => m.renewalOffered)
      expect(expiring?.renewsOnline).toBe(true)
      if (uuid === uuids.demo && expiring !== undefined) {
        // taken off sale online: the same member's renewal is the box office's again
        await live().query("UPDATE memberships SET is_sold_online = false WHERE id = $1", [
          expiring.membershipId,
        ])
        try {
          const offSale = (await areaData(uuid)).Members.find((m) => m.memberNumber === expiring.memberNumber)
          expect(offSale).toMatchObject({ renewalOffered: true, renewsOnline: false })
        } finally {
          await live().query("UPDATE memberships SET is_sold_online = true WHERE id = $1", [
            expiring.membershipId,
          ])
        }
      }
      expect(data.VODTickets.map((v) => v.state).sort()).toEqual(["available", "expired", "future"])
      expect(data.VODTickets.find((v) => v.state === "available")).toMatchObject({
        playbackCount: 1,
        playbackBalance: 2,
      })
    }
    const mine = await areaData(await demo())
    expect(mine.customer).toMatchObject({ MobileNumber1: DEMO_MOBILE, FirstName: "דנה" })
    // the ID number only masked, never whole
    expect(mine.customer.SSN).toBe(`******${DEMO_MEMBER_SSN.slice(-3)}`)
    expect(JSON.stringify(mine)).not.toContain(DEMO_MEMBER_SSN)
  })

  it("answers 404 for another customer's reservation and voucher on every call, and changes nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const theirs = await areaData(await second())
    const reservation = theirs.reservations.find((r) => r.state === "active")?.reservationIdentifier as string
    const ticket = theirs.reservations.find((r) => r.state === "active")?.tickets[0]
      ?.ticketIdentifier as string
    const me = await demo()
    const calls = [
      await call(live(), me, "GET", `/api/reservations/${reservation}/cancellation`),
      await call(live(), me, "GET", `/api/reservations/${reservation}/cancellation?items=${ticket}`),
      await call(live(), me, "POST", `/api/reservations/${reservation}/cancel`, {
        refundToTransactionCredit: true,
      }),
      await call(live(), me, "POST", `/api/reservations/${reservation}/cancel`, {
        itemsToCancel: [ticket],
        refundToTransactionCredit: true,
      }),
      await call(live(), me, "GET", "/api/system-vouchers/AREA-S-FULL/history"),
      await call(live(), me, "POST", "/api/system-vouchers/AREA-S-FULL/cancel", {}),
      await call(live(), me, "POST", "/api/system-vouchers/AREA-S-EXPIRED/replacement", {}),
      // a voucher of no customer (the seed's typed codes) and one that does not exist
      await call(live(), me, "GET", "/api/system-vouchers/NO-SUCH-VOUCHER/history"),
      await call(live(), me, "POST", "/api/system-vouchers/NO-SUCH-VOUCHER/cancel", {}),
    ]
    for (const answer of calls) {
      expect(answer.status).toBe(404)
      expect(answer.cacheControl).toBe("no-store")
    }
    expect(calls.slice(0, 4).map((a) => a.body.error)).toEqual(Array(4).fill("reservationNotFound"))
    expect(calls.slice(4).map((a) => a.body.error)).toEqual(Array(5).fill("SYSTEM_VOUCHER_NOT_FOUND"))
    // theirs is as it was
    const after = await areaData(await second())
    expect(after.reservations).toEqual(theirs.reservations)
    expect(after.SystemVouchers).toEqual(theirs.SystemVouchers)
    expect(after.transactionCredit).toBe(theirs.transactionCredit)
  })

  it("cancels and replaces vouchers by the rules, with every SYSTEM_VOUCHER_ error", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const me = await demo()
    const before = await areaData(me)
    const voucher = (ref: string, action: "cancel" | "replacement", body: object = {}) =>
      call(live(), me, "POST", `/api/system-vouchers/${ref}/${action}`, body)

    // sent twice at once: one cancel, one refund to transaction credit
    const both = await Promise.all([voucher("AREA-D-FULL", "cancel"), voucher("AREA-D-FULL", "cancel")])
    expect(both.map((a) => a.status).sort()).toEqual([200, 409])
    expect(both.find((a) => a.status === 409)?.body.error).toBe("SYSTEM_VOUCHER_NOT_ACTIVE")
    expect(both.find((a) => a.status === 200)?.body).toMatchObject({
      refundAmount: 10000,
      transactionCredit: before.transactionCredit + 10000,
    })
    expect((await areaData(me)).transactionCredit).toBe(before.transactionCredit + 10000)
    expect((await voucher("AREA-D-FULL", "cancel")).body.error).toBe("SYSTEM_VOUCHER_NOT_ACTIVE")
    expect((await voucher("AREA-D-PART", "cancel")).body.error).toBe("SYSTEM_VOUCHER_NOT_ACTIVE")
    expect((await voucher("AREA-D-EXPIRED", "cancel")).body.error).toBe("SYSTEM_VOUCHER_NOT_ACTIVE")
    expect((await voucher("AREA-D-STAFF", "cancel")).body.error).toBe("SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET")
    expect((await voucher("AREA-D-STAFF", "replacement")).body.error).toBe(
      "SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET",
    )
    expect((await voucher("AREA-D-REPL", "replacement")).body.error).toBe(
      "SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT",
    )
    expect((await voucher("AREA-D-USED", "replacement")).body.error).toBe("SYSTEM_VOUCHER_NOT_ACTIVE")
    expect((await voucher("AREA-D-FULL", "replacement")).body.error).toBe("SYSTEM_VOUCHER_NOT_ACTIVE")
    // the spec's reservationIdentifier must be the order the voucher was bought in
    expect(
      (await voucher("AREA-D-EXPIRED", "replacement", { reservationIdentifier: "1234567" })).status,
    ).toBe(404)

    const replaced = await voucher("AREA-D-EXPIRED", "replacement")
    expect(replaced.status).toBe(200)
    const data = await areaData(me)
    const today = data.serverTime.slice(0, 10)
    expect(replaced.body).toMatchObject({ IsForReplacement: true, StartDate: today })
    expect(Date.parse(replaced.body.EndDate as string) - Date.parse(today)).toBe(30 * 86_400_000)
    expect(data.SystemVouchers.find((v) => v.reference === "AREA-D-EXPIRED")).toMatchObject({
      state: "forReplacement",
      IsForReplacement: true,
      StartDate: today,
    })
    expect(data.SystemVouchers.find((v) => v.reference === "AREA-D-FULL")?.state).toBe("cancelled")
    expect((await voucher("AREA-D-EXPIRED", "replacement")).body.error).toBe(
      "SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT",
    )

    const history = await call(live(), me, "GET", "/api/system-vouchers/AREA-D-PART/history")
    expect(history.status).toBe(200)
    expect(history.cacheControl).toBe("no-store")
    expect(
      (history.body.entries as Array<{ kind: string; amount: number }>).map((e) => [e.kind, e.amount]),
    ).toEqual([
      ["purchased", 10000],
      ["redeemed", 6000],
    ])
    // a ticket voucher with one of its two tickets used lists the order that used it
    const ticketsHistory = await call(live(), me, "GET", "/api/system-vouchers/AREA-D-TICKETS/history")
    expect(
      (ticketsHistory.body.entries as Array<{ kind: string; amount: number }>).map((e) => [e.kind, e.amount]),
    ).toEqual([
      ["purchased", 2],
      ["redeemed", 1],
    ])
    const cancelledHistory = await call(live(), me, "GET", "/api/system-vouchers/AREA-D-FULL/history")
    expect((cancelledHistory.body.entries as Array<{ kind: string }>).map((e) => e.kind)).toEqual([
      "purchased",
      "cancelled",
    ])
  })

  it("changes the mobile number only with the code sent to the new number", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const me = await second()
    const newNumber = "0547770011"
    const codeTo = async (mobile: string) =>
      (
        await live().query<{ code: string }>(
          `SELECT payload->>'code' AS code FROM outbox WHERE kind = 'sms' AND recipient = $1
             AND payload->>'template' = 'contactCode' ORDER BY id DESC LIMIT 1`,
          [mobile],
        )
      )[0]?.code
    const ask = (mobileNumber: string) =>
      call(live(), me, "POST", "/api/customer-area/mobile-number/code?lang=en", { mobileNumber })
    const confirm = (mobileNumber: string, smsCode: string) =>
      call(live(), me, "POST", "/api/customer-area/mobile-number", { mobileNumber, smsCode })

    expect((await ask("+1 202 555 0143")).body.error).toBe("invalid_mobileNumber")
    expect(
      (await call(live(), null, "POST", "/api/customer-area/mobile-number/code", { mobileNumber: newNumber }))
        .status,
    ).toBe(401)
    // a code sent to another number does not change this one
    expect((await ask("0547770022")).status).toBe(200)
    const other = (await codeTo("0547770022")) as string
    expect((await confirm(newNumber, other)).body.error).toBe("INVALID_SMS_CODE")
    const asked = await ask(newNumber)
    expect(asked).toMatchObject({ status: 200, cacheControl: "no-store" })
    const code = (await codeTo(newNumber)) as string
    expect((await confirm("0547770022", other)).body.error).toBe("INVALID_SMS_CODE")
    expect(
      (await confirm(newNumber, String((Number(code) + 1) % 1_000_000).padStart(6, "0"))).body.error,
    ).toBe("INVALID_SMS_CODE")
    const changed = await confirm(newNumber, code)
    expect(changed).toMatchObject({ status: 200, body: { MobileNumber1: newNumber } })
    expect((await confirm(newNumber, code)).body.error).toBe("INVALID_SMS_CODE")
    expect((await areaData(me)).customer.MobileNumber1).toBe(newNumber)
  })

  it("refuses a number another account has, once its code is proven", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const me = await demo()
    const taken = "0547770011"
    expect(
      (await call(live(), me, "POST", "/api/customer-area/mobile-number/code", { mobileNumber: taken }))
        .status,
    ).toBe(200)
    const code = (
      await live().query<{ code: string }>(
        `SELECT payload->>'code' AS code FROM outbox WHERE recipient = $1 AND payload->>'template' = 'contactCode'
         ORDER BY id DESC LIMIT 1`,
        [taken],
      )
    )[0]?.code as string
    const refused = await call(live(), me, "POST", "/api/customer-area/mobile-number", {
      mobileNumber: taken,
      smsCode: code,
    })
    expect(refused).toMatchObject({ status: 409, body: { error: "MOBILE_NUMBER_IN_USE" } })
    expect((await areaData(me)).customer.MobileNumber1).toBe(DEMO_MOBILE)
  })
})
