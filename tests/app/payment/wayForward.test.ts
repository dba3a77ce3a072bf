import { describe, expect, it } from "vitest"
import { paymentRefusal } from "../../../src/app/payment/answers.ts"
import {
  CommitFailed,
  ContactNotVerified,
  LoyaltyMemberNotProven,
  OrderAlreadyPaid,
  SeatHoldLost,
  wayForward,
} from "../../../src/app/payment/errors.ts"
import { errorKey } from "../../../src/app/payment/PaymentDialog.tsx"

describe("the way forward after a refused order", () => {
  it("sends ticket problems back to the ticket screen, where the seats are still held", () => {
    for (const code of [
      "ticketCombination",
      "seatCount",
      "memberInvalid",
      "referenceInvalid",
      "unknownTicket",
    ] as const)
      expect(wayForward(new CommitFailed({ code })), code).toBe("backToTickets")
  })

  it("retries what a new commit can fix, and starts again only when the seats are gone", () => {
    expect(wayForward(new CommitFailed({ code: "voucherBalance" }))).toBe("retry")
    expect(wayForward(new CommitFailed({ code: "holdLost" }))).toBe("startAgain")
    expect(wayForward(new SeatHoldLost())).toBe("startAgain")
    expect(wayForward(new OrderAlreadyPaid({ reservationIdentifier: "MQ1" }))).toBe("whatsOn")
  })

  it("names a saved card that cannot pay (not the customer's, deleted, another provider's) and lets the buyer choose again", () => {
    const refused = paymentRefusal({
      status: 404,
      body: { _tag: "SavedCardNotFound", error: "savedCardNotFound" },
    })
    expect(refused._tag).toBe("SavedCardUnavailable")
    if (refused._tag === "SavedCardUnavailable") expect(wayForward(refused)).toBe("retry")
  })

  it("sends points of a member the cart did not prove back to the tickets, to sign the member in again", () => {
    const unproven = new LoyaltyMemberNotProven()
    expect(wayForward(unproven)).toBe("backToTickets")
    expect(errorKey(unproven)).toBe("payment.errors.LoyaltyMemberNotProven")
  })

  it("sends an unverified contact back to the customer step, naming which one", () => {
    const mobile = new ContactNotVerified({ channel: "mobile" })
    expect(wayForward(mobile)).toBe("backToDetails")
    expect(errorKey(mobile)).toBe("payment.errors.mobileNotVerified")
    expect(errorKey(new ContactNotVerified({ channel: "email" }))).toBe("payment.errors.emailNotVerified")
  })

  it("names an unpaid hold's refusals (issue 16) and sends a premium seat back to the seats still held", () => {
    for (const code of ["holdRequiresMembership", "premiumSeatOnHold", "holdTooLate"] as const)
      expect(errorKey(new CommitFailed({ code })), code).toBe(`holds.errors.${code}`)
    expect(wayForward(new CommitFailed({ code: "premiumSeatOnHold" }))).toBe("backToTickets")
    // the buyer unticks the hold and pays: nothing to start again
    expect(wayForward(new CommitFailed({ code: "holdRequiresMembership" }))).toBe("retry")
    expect(wayForward(new CommitFailed({ code: "holdTooLate" }))).toBe("retry")
  })
})
