import { describe, expect, it } from "vitest"
import { LOCK_REFUSALS, narrowRefusal, UNLOCK_REFUSALS } from "../../../src/domain/seating/refusals.ts"

describe("narrowRefusal", () => {
  it("keeps a code of the family and turns anything else into the spec's 'Error occurred'", () => {
    expect(narrowRefusal(LOCK_REFUSALS, "singleSeatError")).toBe("singleSeatError")
    expect(narrowRefusal(UNLOCK_REFUSALS, "unlock_seat_error")).toBe("unlock_seat_error")
    // a lock's code is not an unlock's
    expect(narrowRefusal(UNLOCK_REFUSALS, "singleSeatError")).toBe("Error occurred")
    expect(narrowRefusal(LOCK_REFUSALS, "seatsOnFire")).toBe("Error occurred")
    expect(narrowRefusal(LOCK_REFUSALS, "")).toBe("Error occurred")
  })
})
