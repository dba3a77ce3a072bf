import { beforeAll, describe, expect, it } from "vitest"
import type { HumanCheckFailed } from "../../../../src/api/HumanCheckApi.ts"
import type { EventNotFound } from "../../../../src/api/PresentationsApi.ts"
import type { LocationOffline } from "../../../../src/api/partnerErrors.ts"
import type {
  InvalidSeatRequest,
  SeatHoldsTooFast,
  SeatLockBusy,
  SeatLockFailed,
  SeatUnlockFailed,
} from "../../../../src/api/SeatsApi.ts"
import { ensureDictionary, translate } from "../../../../src/app/i18n/dictionaries.ts"
import { lockProblemText, unlockProblemText } from "../../../../src/app/order/seats/seatProblems.ts"
import type { LockRejectionReason, UnlockRejectionReason } from "../../../../src/domain/cart/facts.ts"
import {
  LOCK_REFUSALS,
  type LockRefusal,
  UNLOCK_REFUSALS,
  type UnlockRefusal,
} from "../../../../src/domain/seating/refusals.ts"

/**
 * Seat refusal codes typed from end to end: the contract's error literals are the domain's sets, the seat step has
 * words for every one of them, and a code outside them does not compile (tsc checks this file).
 */

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type CodeOf<E> = E extends { readonly error: infer Code } ? Code : never

// the codes the lock and unlock endpoints can answer (their `error` lists in SeatsApi.ts) are the domain's
const lockCodesAgree: Same<
  CodeOf<
    | SeatLockFailed
    | SeatLockBusy
    | SeatHoldsTooFast
    | InvalidSeatRequest
    | EventNotFound
    | HumanCheckFailed
    | LocationOffline
  >,
  LockRefusal
> = true
const unlockCodesAgree: Same<
  CodeOf<SeatUnlockFailed | SeatLockBusy | InvalidSeatRequest | EventNotFound | HumanCheckFailed>,
  UnlockRefusal
> = true

const en = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
  translate("en", key, params)

beforeAll(() => ensureDictionary("en"))

describe("seat refusal texts", () => {
  it("the contract and the domain name the same codes", () => {
    expect([lockCodesAgree, unlockCodesAgree]).toEqual([true, true])
  })

  it("an unlock the server refuses says the spec's 'Seat no longer available' (§8 unlock_seat_error)", () => {
    expect(unlockProblemText("unlock_seat_error", en)).toBe("Seat no longer available")
    expect(lockProblemText("lock_seat_error", 0, en)).toBe("Seat no longer available")
  })

  it("every code the server answers has words of its own or a way forward, never a raw key", () => {
    const keyLike = /^[a-z]+\.[a-zA-Z_.]+$/
    for (const code of [...LOCK_REFUSALS, "Error occurred"] as const)
      expect(lockProblemText(code, 3, en), code).not.toMatch(keyLike)
    for (const code of [...UNLOCK_REFUSALS, "Error occurred"] as const)
      expect(unlockProblemText(code, en), code).not.toMatch(keyLike)
    expect(lockProblemText("seatLimitReached", 10, en)).toBe("You can hold up to 10 seats")
  })

  it("a code the server does not send does not compile", () => {
    const texts: Array<string> = []
    try {
      // @ts-expect-error "seatsOnFire" is no code of src/domain/seating/refusals.ts
      texts.push(lockProblemText("seatsOnFire", 0, en))
    } catch {
      texts.push("thrown")
    }
    // a switch that forgot a code: the exhaustive texts take only the closed unions
    // @ts-expect-error a wider union (a new server code) is not accepted where the texts are chosen
    const widened: (reason: LockRejectionReason | "seatsOnFire") => string = lockProblemText
    // @ts-expect-error the same for unlock
    const widenedUnlock: (reason: UnlockRejectionReason | "seatsOnFire", t: typeof en) => string =
      unlockProblemText
    expect([texts, typeof widened, typeof widenedUnlock]).toEqual([["thrown"], "function", "function"])
  })
})
