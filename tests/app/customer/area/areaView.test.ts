import { describe, expect, it } from "vitest"
import type { AreaReservation, AreaTicket } from "../../../../src/api/CustomerAreaApi.ts"
import {
  cancelProblemOf,
  holdNotice,
  itemsToCancel,
  mobileProblemOf,
  quoteWidensChoice,
  splitReservations,
  voucherAmount,
  voucherProblemOf,
  wallDate,
  wallTime,
} from "../../../../src/app/customer/area/areaView.ts"

const ticket = (id: string, state: AreaTicket["state"] = "active"): AreaTicket => ({
  ticketIdentifier: id,
  sectionName: "Hall",
  RowName: "4",
  SeatName: id,
  ticketName: "Regular",
  price: 4500,
  serviceCharge: 500,
  state,
  cancelledAt: null,
})

const reservation = (
  id: string,
  state: AreaReservation["state"],
  dateTime: string,
  tickets: ReadonlyArray<AreaTicket> = [ticket("1"), ticket("2")],
): AreaReservation => ({
  reservationIdentifier: id,
  state,
  purchasedAt: "2026-11-01T10:00:00+02:00",
  presentation: {
    id: 1,
    featureId: 1,
    featureName: "Film",
    dateTime,
    durationMinutes: 120,
    venueName: "Hall 1",
    locationName: "Tel Aviv",
  },
  tickets,
  quantity: tickets.length,
  total: 10000,
  refunded: 0,
  documentKeys: ["k"],
  isHold: false,
  isCancellable: true,
  cancellableUntil: dateTime,
  notCancellableReason: null,
})

const NOW = "2026-11-25T12:00:00+02:00"

describe("splitReservations", () => {
  it("keeps upcoming valid reservations as my tickets and everything else as history, in the server's order", () => {
    const list = [
      reservation("a", "active", "2026-11-27T20:00:00+02:00"),
      reservation("b", "partlyCancelled", "2026-11-28T20:00:00+02:00"),
      reservation("c", "cancelled", "2026-11-29T20:00:00+02:00"),
      reservation("d", "collected", "2026-11-30T20:00:00+02:00"),
      reservation("e", "past", "2026-11-20T20:00:00+02:00"),
      reservation("f", "scanned", "2026-11-21T20:00:00+02:00"),
    ]
    const { upcoming, past } = splitReservations(list, NOW)
    expect(upcoming.map((r) => r.reservationIdentifier)).toEqual(["a", "b", "d"])
    expect(past.map((r) => r.reservationIdentifier)).toEqual(["c", "e", "f"])
  })

  it("an active reservation whose showing began (the server's clock, any offset) is history", () => {
    const { upcoming, past } = splitReservations([reservation("a", "active", "2026-11-25T09:59:00Z")], NOW)
    expect(upcoming).toEqual([])
    expect(past).toHaveLength(1)
  })
})

describe("wall date and time", () => {
  it("reads the Israeli wall time off the text, whatever the device's zone", () => {
    expect(wallDate("2026-11-27T20:30:00+02:00")).toBe("27/11/2026")
    expect(wallTime("2026-11-27T20:30:00+02:00")).toBe("20:30")
    expect(wallDate("2026-12-01")).toBe("01/12/2026")
    expect(wallTime("2026-12-01")).toBe("")
    expect(wallDate("not a date")).toBe("")
  })
})

describe("itemsToCancel", () => {
  const r = reservation("a", "partlyCancelled", "2026-11-27T20:00:00+02:00", [
    ticket("1", "cancelled"),
    ticket("2"),
    ticket("3"),
  ])
  it("names nothing (every valid ticket) when all valid tickets are chosen", () => {
    expect(itemsToCancel(r, new Set(["2", "3"]))).toBeUndefined()
  })
  it("names the chosen valid tickets in the reservation's order, ignoring a cancelled one", () => {
    expect(itemsToCancel(r, new Set(["3", "1"]))).toEqual(["3"])
  })
  it("is null when none is chosen", () => {
    expect(itemsToCancel(r, new Set())).toBeNull()
    expect(itemsToCancel(r, new Set(["1"]))).toBeNull()
  })
})

describe("quoteWidensChoice", () => {
  const quoted = (...ids: Array<string>) => ids.map((ticketIdentifier) => ({ ticketIdentifier }))
  it("is true when the quote cancels a ticket that was not picked (a season enrolment's required showing)", () => {
    expect(quoteWidensChoice(["2"], quoted("2", "3", "4"))).toBe(true)
  })
  it("is false when the quote cancels just the picked tickets", () => {
    expect(quoteWidensChoice(["2", "3"], quoted("2", "3"))).toBe(false)
  })
  it("is false for the whole reservation or for no choice", () => {
    expect(quoteWidensChoice(undefined, quoted("2", "3"))).toBe(false)
    expect(quoteWidensChoice(null, quoted("2"))).toBe(false)
  })
})

describe("refusal codes", () => {
  it("maps the spec's codes and nothing else", () => {
    expect(cancelProblemOf({ error: "BALANCE_IS_DUE" })).toBe("BALANCE_IS_DUE")
    expect(cancelProblemOf({ error: "TICKET_CANCELLATIONS_ARE_NO_LONGER_POSSIBLE" })).toBe(
      "TICKET_CANCELLATIONS_ARE_NO_LONGER_POSSIBLE",
    )
    expect(cancelProblemOf({ error: "NOTHING_TO_CANCEL" })).toBe("NOTHING_TO_CANCEL")
    expect(cancelProblemOf({ error: "SYSTEM_VOUCHER_NOT_ACTIVE" })).toBe("other")
    expect(cancelProblemOf(null)).toBe("other")
    expect(voucherProblemOf({ error: "SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT" })).toBe(
      "SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT",
    )
    expect(voucherProblemOf({ error: "SYSTEM_VOUCHER_NOT_FOUND" })).toBe("SYSTEM_VOUCHER_NOT_FOUND")
    expect(voucherProblemOf({ error: "SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET" })).toBe(
      "SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET",
    )
    expect(voucherProblemOf("oops")).toBe("other")
    expect(mobileProblemOf({ error: "MOBILE_NUMBER_IN_USE" })).toBe("MOBILE_NUMBER_IN_USE")
    expect(mobileProblemOf({ error: "INVALID_SMS_CODE" })).toBe("INVALID_SMS_CODE")
    expect(mobileProblemOf({ error: "LOGIN_FAILED" })).toBe("other")
  })
})

describe("voucherAmount", () => {
  it("formats money vouchers as money and ticket vouchers as a count", () => {
    const money = (agorot: number) => `₪${agorot / 100}`
    expect(voucherAmount({ kind: "money" }, 5000, money)).toBe("₪50")
    expect(voucherAmount({ kind: "tickets" }, 2, money)).toBe("2")
  })
})

describe("an unpaid hold in the area (issue 16)", () => {
  const held = (lapsed: boolean): AreaReservation => ({
    ...reservation("H1", "active", "2026-11-26T20:00:00+02:00"),
    isHold: true,
    holdDeadline: { deadline: "2026-11-26T19:30:00+02:00", lapsed },
  })

  it("says when to pay and collect by, in wall time, and is among my tickets until then", () => {
    expect(holdNotice(held(false))).toEqual({
      key: "holds.area.payBy",
      params: { date: "26/11/2026", time: "19:30" },
    })
    expect(splitReservations([held(false)], NOW).upcoming).toHaveLength(1)
  })

  it("once its cut-off passed says it was released, and is history even though the show is ahead", () => {
    expect(holdNotice(held(true))).toEqual({ key: "holds.area.lapsed" })
    expect(splitReservations([held(true)], NOW)).toMatchObject({
      upcoming: [],
      past: [{ reservationIdentifier: "H1" }],
    })
  })

  it("says nothing for a paid order", () => {
    expect(holdNotice(reservation("P1", "active", "2026-11-26T20:00:00+02:00"))).toBeNull()
    expect(
      holdNotice({ ...reservation("P2", "active", "2026-11-26T20:00:00+02:00"), holdDeadline: null }),
    ).toBeNull()
  })
})
