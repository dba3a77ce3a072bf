import { describe, expect, it } from "vitest"
import {
  confirmationOffersOf,
  issuedLabelOf,
  offersToSendTickets,
} from "../../../src/app/payment/confirmationOffers.ts"

describe("what a confirmation offers for its order's kind", () => {
  it("a ticket order, a season enrolment and an order saved before kinds: the code for the entrance, e-tickets, SMS", () => {
    for (const kind of ["tickets", "enrolment", undefined] as const)
      expect(confirmationOffersOf(kind), String(kind)).toEqual({
        qrCaption: "payment.confirmation.qr",
        documentLink: "payment.confirmation.eTicket",
        sendTickets: true,
      })
  })

  it("food alone: its code is shown at the counter; there are no tickets to open or send", () => {
    expect(confirmationOffersOf("products")).toEqual({
      qrCaption: "payment.confirmation.qrCounter",
      documentLink: "payment.confirmation.orderDocument",
      sendTickets: false,
    })
  })

  it("vouchers, a donation, a membership and a video title: no code to show anywhere, no tickets", () => {
    for (const kind of ["vouchers", "donations", "memberships", "vod"] as const)
      expect(confirmationOffersOf(kind), kind).toEqual({
        qrCaption: null,
        documentLink: "payment.confirmation.orderDocument",
        sendTickets: false,
      })
  })

  it("a membership's line names its member number; vouchers' lines their codes", () => {
    expect(issuedLabelOf("membership")).toBe("payment.confirmation.issuedMember")
    expect(issuedLabelOf("voucher")).toBe("payment.confirmation.issued")
  })

  it("sends tickets only while one of them can still be used at the door", () => {
    const order = (
      ...states: ReadonlyArray<"active" | "cancelled" | "scanned" | "collected" | "expired" | undefined>
    ) => ({
      orderKind: "tickets" as const,
      tickets: states.map((state) => ({ state }) as never),
    })
    expect(offersToSendTickets(order("active"))).toBe(true)
    expect(offersToSendTickets(order(undefined))).toBe(true)
    expect(offersToSendTickets(order("collected"))).toBe(true)
    expect(offersToSendTickets(order("cancelled", "active"))).toBe(true)
    expect(offersToSendTickets(order("expired", "expired"))).toBe(false)
    expect(offersToSendTickets(order("cancelled", "scanned", "expired"))).toBe(false)
    expect(offersToSendTickets({ orderKind: "vouchers", tickets: [] })).toBe(false)
  })
})
