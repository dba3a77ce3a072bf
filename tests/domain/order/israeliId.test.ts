import { describe, expect, it } from "vitest"
import { isValidIsraeliId, normalizeIsraeliId } from "../../../src/domain/order/israeliId.ts"

describe("Israeli ID check digit", () => {
  it("accepts numbers whose weighted digit sum is a multiple of ten", () => {
    expect(isValidIsraeliId("123456782")).toBe(true)
    expect(isValidIsraeliId("000000018")).toBe(true)
    expect(isValidIsraeliId("18")).toBe(false)
    expect(isValidIsraeliId("00018")).toBe(true)
  })
  it("refuses a wrong check digit, letters, all zeros and too many digits", () => {
    expect(isValidIsraeliId("123456789")).toBe(false)
    expect(isValidIsraeliId("12345678a")).toBe(false)
    expect(isValidIsraeliId("000000000")).toBe(false)
    expect(isValidIsraeliId("1234567820")).toBe(false)
  })
  it("pads short numbers with zeros", () => {
    expect(normalizeIsraeliId(" 12345 ")).toBe("000012345")
    expect(normalizeIsraeliId("12-3")).toBeNull()
  })
})
