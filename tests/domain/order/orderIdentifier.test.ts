import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  dammCheckDigit,
  dammValid,
  displayOrderIdentifier,
  mayBeOrderIdentifier,
  ORDER_CODE_LIMIT,
  type OrderCodeRound,
  orderCode,
  orderIdentifier,
  orderNumberOfCode,
  parseOrderIdentifier,
} from "../../../src/domain/order/orderIdentifier.ts"

// A keyed round for the tests (the server's is SHA-256 under a secret; the network only needs some function).
const testRound =
  (key: number): OrderCodeRound =>
  (round, half) => {
    let x = Math.imul(half ^ key, 0x9e3779b1) ^ Math.imul(round + 1, 0x85ebca6b)
    x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d)
    return (x ^ (x >>> 13)) >>> 0
  }
const round = testRound(0x5eed)
const keys = fc.integer({ min: 0, max: 0x7fffffff })
const orderNumbers = fc.integer({ min: 1, max: ORDER_CODE_LIMIT - 1 })
const nineDigits = fc.stringMatching(/^[0-9]{9}$/)

describe("the Damm check digit", () => {
  it("matches the published example (572 → 4)", () => {
    expect(dammCheckDigit("572")).toBe(4)
    expect(dammValid("5724")).toBe(true)
    expect(dammValid("5723")).toBe(false)
  })

  it("catches every change of one digit, check digit included", () => {
    fc.assert(
      fc.property(nineDigits, fc.nat(9), fc.integer({ min: 1, max: 9 }), (digits, at, by) => {
        const whole = `${digits}${dammCheckDigit(digits)}`
        const changed = `${whole.slice(0, at)}${(Number(whole[at]) + by) % 10}${whole.slice(at + 1)}`
        return dammValid(whole) && !dammValid(changed)
      }),
      { numRuns: 2000 },
    )
  })

  it("catches every swap of two different neighbouring digits, check digit included", () => {
    fc.assert(
      fc.property(nineDigits, fc.nat(8), (digits, at) => {
        const whole = `${digits}${dammCheckDigit(digits)}`
        fc.pre(whole[at] !== whole[at + 1])
        const swapped = `${whole.slice(0, at)}${whole[at + 1]}${whole[at]}${whole.slice(at + 2)}`
        return !dammValid(swapped)
      }),
      { numRuns: 2000 },
    )
  })

  it("catches them exhaustively for every pair of digits in every position", () => {
    // the quasigroup's property, not luck of the samples: each position, each pair of digits
    for (let at = 0; at < 9; at++)
      for (let x = 0; x < 10; x++)
        for (let y = 0; y < 10; y++) {
          if (x === y) continue
          // x at `at`, y after it (the check digit when `at` is the last of the nine)
          const digits = `${"3".repeat(at)}${x}${at < 8 ? y : ""}${"7".repeat(Math.max(0, 7 - at))}`
          const whole = `${digits}${dammCheckDigit(digits)}`
          if (whole[at] === whole[at + 1]) continue
          const swapped = `${whole.slice(0, at)}${whole[at + 1]}${whole[at]}${whole.slice(at + 2)}`
          const changed = `${whole.slice(0, at)}${y}${whole.slice(at + 1)}`
          expect(dammValid(swapped)).toBe(false)
          expect(dammValid(changed)).toBe(false)
        }
  })
})

describe("the order code permutation", () => {
  it("is a bijection on [0, 10^9): the inverse undoes it, for any key", () => {
    fc.assert(
      fc.property(keys, fc.integer({ min: 0, max: ORDER_CODE_LIMIT - 1 }), (key, n) => {
        const code = orderCode(n, testRound(key))
        return code >= 0 && code < ORDER_CODE_LIMIT && orderNumberOfCode(code, testRound(key)) === n
      }),
      { numRuns: 2000 },
    )
  })

  it("never gives two numbers one code (20,000 consecutive ids, and random samples)", () => {
    const seen = new Set<number>()
    for (let n = 1; n <= 20_000; n++) seen.add(orderCode(n, round))
    expect(seen.size).toBe(20_000)
    fc.assert(
      fc.property(keys, fc.uniqueArray(orderNumbers, { minLength: 2, maxLength: 200 }), (key, ns) => {
        const codes = new Set(ns.map((n) => orderCode(n, testRound(key))))
        return codes.size === ns.length
      }),
      { numRuns: 200 },
    )
  })

  it("gives consecutive ids codes that are not consecutive, and a run of ids codes out of order", () => {
    fc.assert(
      fc.property(keys, fc.integer({ min: 1, max: ORDER_CODE_LIMIT - 3 }), (key, n) => {
        const [a, b, c] = [n, n + 1, n + 2].map((m) => orderCode(m, testRound(key))) as [
          number,
          number,
          number,
        ]
        return Math.abs(b - a) > 1 && Math.abs(c - b) > 1
      }),
      { numRuns: 2000 },
    )
    const first = Array.from({ length: 100 }, (_, i) => orderCode(i + 1, round))
    expect(first).not.toEqual([...first].sort((x, y) => x - y))
  })

  it("depends on the key", () => {
    const a = Array.from({ length: 20 }, (_, i) => orderCode(i + 1, testRound(1)))
    const b = Array.from({ length: 20 }, (_, i) => orderCode(i + 1, testRound(2)))
    expect(a).not.toEqual(b)
  })
})

describe("order identifier", () => {
  it("writes MQ, nine digits that do not follow the id, and a check digit", () => {
    const identifiers = [1, 2, 3].map((n) => orderIdentifier(n, round))
    for (const identifier of identifiers) {
      expect(identifier).toMatch(/^MQ[0-9]{10}$/)
      expect(dammValid(identifier.slice(2))).toBe(true)
    }
    expect(identifiers[0]).not.toBe("MQ0000000013")
    expect(new Set(identifiers).size).toBe(3)
  })

  it("refuses what is not an order number", () => {
    for (const n of [0, -3, 1.5, ORDER_CODE_LIMIT]) expect(() => orderIdentifier(n, round)).toThrow()
  })

  it("round-trips every order number", () => {
    fc.assert(
      fc.property(keys, orderNumbers, (key, n) => {
        const parsed = parseOrderIdentifier(orderIdentifier(n, testRound(key)))
        return parsed?.format === "checked" && orderNumberOfCode(parsed.code, testRound(key)) === n
      }),
    )
  })

  it("refuses an identifier with one digit changed or two neighbours swapped, before any lookup", () => {
    fc.assert(
      fc.property(
        orderNumbers,
        fc.integer({ min: 2, max: 11 }),
        fc.integer({ min: 1, max: 9 }),
        (n, at, by) => {
          const identifier = orderIdentifier(n, round)
          const changed = `${identifier.slice(0, at)}${(Number(identifier[at]) + by) % 10}${identifier.slice(at + 1)}`
          return parseOrderIdentifier(changed) === null && !mayBeOrderIdentifier(changed)
        },
      ),
    )
    fc.assert(
      fc.property(orderNumbers, fc.integer({ min: 2, max: 10 }), (n, at) => {
        const identifier = orderIdentifier(n, round)
        fc.pre(identifier[at] !== identifier[at + 1])
        const swapped = `${identifier.slice(0, at)}${identifier[at + 1]}${identifier[at]}${identifier.slice(at + 2)}`
        return parseOrderIdentifier(swapped) === null
      }),
    )
  })

  it("still reads identifiers written before the check digit (MQ and the zero-padded id)", () => {
    expect(parseOrderIdentifier("MQ000012345")).toEqual({ format: "legacy", orderNumber: 12_345 })
    expect(parseOrderIdentifier("MQ999999999")).toEqual({ format: "legacy", orderNumber: 999_999_999 })
  })

  it("reads nothing else", () => {
    for (const text of [
      "",
      "MQ",
      "MQ12345",
      "XX000012345",
      "MQ00001234a",
      "MQ000000000",
      "MQ12345678901",
      "MQ 0000 1234 5 6",
      "MQ-TEST",
    ])
      expect(parseOrderIdentifier(text)).toBeNull()
  })

  it("forgives the spaces, dashes and letter case of a number read out or typed", () => {
    const identifier = orderIdentifier(12_345, round)
    const shown = displayOrderIdentifier(identifier)
    expect(shown).toMatch(/^MQ [0-9]{3} [0-9]{3} [0-9]{4}$/)
    expect(shown.replaceAll(" ", "")).toBe(identifier)
    for (const typed of [shown, shown.toLowerCase(), shown.replaceAll(" ", "-"), ` ${identifier} `])
      expect(parseOrderIdentifier(typed), typed).toEqual(parseOrderIdentifier(identifier))
    expect(parseOrderIdentifier("mq000012345")).toEqual({ format: "legacy", orderNumber: 12_345 })
  })

  it("shows a legacy number in threes and anything else as it is", () => {
    expect(displayOrderIdentifier("MQ000012345")).toBe("MQ 000 012 345")
    expect(displayOrderIdentifier("R-1")).toBe("R-1")
    expect(displayOrderIdentifier("MQ")).toBe("MQ")
  })
})
