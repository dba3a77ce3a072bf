import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isValidIsraeliId, normalizeIsraeliId, withCheckDigit } from "../../../src/domain/order/israeliId.ts"

// A body the check accepts completing: eight digits, not all zeros (all zeros is nobody's number).
const body = fc.stringMatching(/^[0-9]{8}$/).filter((digits) => digits !== "00000000")

describe("Israeli ID check digit", () => {
  it("accepts numbers whose weighted digit sum is a multiple of ten", () => {
    expect(isValidIsraeliId("123456782")).toBe(true)
    expect(isValidIsraeliId("000000018")).toBe(true)
    expect(isValidIsraeliId("18")).toBe(false)
    expect(isValidIsraeliId("00018")).toBe(true)
  })
  it("refuses a wrong check digit, letters, all zeros and too many digits", () => {
    expect(isValidIsraeliId("123456789")).toBe(false)
    expect(isValidIsraeliId("000000017")).toBe(false)
    expect(isValidIsraeliId("12345678a")).toBe(false)
    expect(isValidIsraeliId("000000000")).toBe(false)
    expect(isValidIsraeliId("1234567820")).toBe(false)
  })
  it("pads short numbers with zeros", () => {
    expect(normalizeIsraeliId(" 12345 ")).toBe("000012345")
    expect(normalizeIsraeliId("12-3")).toBeNull()
  })
})

describe("withCheckDigit", () => {
  it("completes known bodies with their check digit", () => {
    expect(withCheckDigit("00000001")).toBe("000000018")
    expect(withCheckDigit("12345678")).toBe("123456782")
  })
  it("refuses what is not eight digits, and the all-zero body the check would refuse", () => {
    expect(() => withCheckDigit("1234567")).toThrow()
    expect(() => withCheckDigit("1234567a")).toThrow()
    expect(() => withCheckDigit("00000000")).toThrow()
  })
  it("always makes a number the check accepts, and any single-digit change breaks it", () => {
    fc.assert(
      fc.property(
        body,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (digits, at, delta) => {
          const id = withCheckDigit(digits)
          const digit = (Number(id[at]) + delta) % 10
          const changed = `${id.slice(0, at)}${digit}${id.slice(at + 1)}`
          return isValidIsraeliId(id) && !isValidIsraeliId(changed)
        },
      ),
    )
  })
})
