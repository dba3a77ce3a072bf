import { describe, expect, it } from "vitest"
import { fold } from "../../../src/domain/cart/fold.ts"
import { canRequestCommit } from "../../../src/domain/cart/rules.ts"
import type { Cart } from "../../../src/domain/cart/state.ts"
import { at, newLog, place, presentation, seated } from "./fixtures.ts"

const withoutRejections = ({ rejections, lastError, eventCount, ...rest }: Cart) => rest

const ready = () => {
  const log = newLog()
  return { log, cart: fold(seated(log, presentation(), [place(0, 0)])) }
}

describe("commit (spec §4)", () => {
  it("records the request under its idempotency key and recognises a retry", () => {
    const { log, cart } = ready()
    const pending = fold([log.commitRequested("k1")], cart)
    expect(pending.commit).toMatchObject({ status: "pending", idempotencyKey: "k1" })
    const retried = fold([log.commitRequested("k1")], pending)
    expect(retried.rejections).toEqual([])
    expect(retried.commit).toEqual(pending.commit)
    const other = fold([log.commitRequested("k2")], pending)
    expect(other.lastError?.reason).toBe("commitInProgress")
  })

  it("stores the reservation and ticket identifiers after commit", () => {
    const { log, cart } = ready()
    const done = fold([log.commitRequested("k1"), log.committed("k1", "R-9", ["T-1", "T-2"])], cart)
    expect(done.reservation).toEqual({
      identifier: "R-9",
      ticketIdentifiers: ["T-1", "T-2"],
      idempotencyKey: "k1",
      committedAt: at(5),
      status: "awaitingPayment",
      amounts: null,
      paymentDeadline: null,
      documentKey: null,
      payment: null,
    })
    expect(done.commit).toBeNull()
  })

  it("refuses a second commit while the reservation exists", () => {
    const { log, cart } = ready()
    const done = fold([log.commitRequested("k1"), log.committed("k1", "R-9")], cart)
    const again = fold(
      [log.commitRequested("k2"), log.committed("k2", "R-10"), log.committed("k1", "R-9")],
      done,
    )
    expect(again.rejections.map((r) => [r.event, r.reason])).toEqual([
      ["CommitRequested", "reservationExists"],
      ["Committed", "reservationExists"],
      ["Committed", "reservationExists"],
    ])
    expect(withoutRejections(again)).toEqual(withoutRejections(done))
    expect(canRequestCommit(done, "k3")).toMatchObject({
      _tag: "Failure",
      failure: { reason: "reservationExists" },
    })
  })

  it("takes the server's answer even when the request was not in this log", () => {
    const { log, cart } = ready()
    expect(fold([log.committed("k7", "R-7")], cart).reservation?.identifier).toBe("R-7")
  })

  it("ends a pending commit on refusal, so a new key can try again", () => {
    const { log, cart } = ready()
    const refused = fold([log.commitRequested("k1"), log.commitRejected("k1", "lastCommit")], cart)
    expect(refused.commit).toEqual({ status: "rejected", idempotencyKey: "k1", error: "lastCommit" })
    const retry = fold([log.commitRequested("k2")], refused)
    expect(retry.commit).toMatchObject({ status: "pending", idempotencyKey: "k2" })
    expect(fold([log.commitRejected("zzz")], retry).lastError?.reason).toBe("unknownCommit")
  })

  it("needs something to buy and a ticket on every seat", () => {
    const log = newLog()
    expect(fold([log.select(), log.commitRequested()]).lastError?.reason).toBe("nothingToCommit")
    const noTicket = fold([...seated(log, presentation(), [place(0, 0)], null), log.commitRequested()])
    expect(noTicket.lastError?.reason).toBe("seatWithoutTicket")
    expect(fold([newLog().donation(1, 1000, 1), newLog().commitRequested()]).commit?.status).toBe("pending")
  })

  it("allows a new order once a presentation is selected again", () => {
    const { log, cart } = ready()
    const next = fold(
      [
        log.commitRequested("k1"),
        log.committed("k1", "R-1"),
        ...seated(log, presentation({ id: 2 }), [place(3, 3)]),
        log.commitRequested("k2"),
        log.committed("k2", "R-2"),
      ],
      cart,
    )
    expect(next.rejections).toEqual([])
    expect(next.reservation?.identifier).toBe("R-2")
  })
})
