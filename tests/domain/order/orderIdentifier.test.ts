import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { orderIdentifier, parseOrderIdentifier } from "../../../src/domain/order/orderIdentifier.ts"

describe("order identifier", () => {
  it("writes the prefix and the number padded to nine digits", () => {
    expect(orderIdentifier(12_345)).toBe("MQ000012345")
    expect(orderIdentifier(1)).toBe("MQ000000001")
    expect(orderIdentifier(999_999_999)).toBe("MQ999999999")
  })

  it("writes a longer number in full rather than cutting it", () => {
    expect(orderIdentifier(1_234_567_890)).toBe("MQ1234567890")
  })

  it("refuses what is not an order number", () => {
    expect(() => orderIdentifier(0)).toThrow()
    expect(() => orderIdentifier(-3)).toThrow()
    expect(() => orderIdentifier(1.5)).toThrow()
  })

  it("reads back only what it writes", () => {
    expect(parseOrderIdentifier("MQ000012345")).toBe(12_345)
    expect(parseOrderIdentifier("MQ1234567890")).toBe(1_234_567_890)
    for (const text of [
      "",
      "MQ",
      "MQ12345",
      "mq000012345",
      "XX000012345",
      "MQ00001234a",
      "MQ000000000",
      "MQ0123456789",
    ])
      expect(parseOrderIdentifier(text)).toBeNull()
  })

  it("round-trips every order number", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (n) => parseOrderIdentifier(orderIdentifier(n)) === n,
      ),
    )
  })
})
