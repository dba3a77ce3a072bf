import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type CancellationRule,
  cancellationRuleFor,
  cancellationSplit,
} from "../../../src/domain/pricing/cancellationCharge.ts"

/** Spec §9 cancellation service charge: fixed or percent, per ticket or per order; never refundable. */

const rule: fc.Arbitrary<CancellationRule | null> = fc.option(
  fc.oneof(
    fc.record({
      amount: fc.integer({ min: 0, max: 5_000 }),
      percentBasisPoints: fc.constant(null),
      appliesPer: fc.constantFrom("ticket" as const, "order" as const),
    }),
    fc.record({
      amount: fc.constant(null),
      percentBasisPoints: fc.integer({ min: 0, max: 10_000 }),
      appliesPer: fc.constantFrom("ticket" as const, "order" as const),
    }),
  ),
)
const prices = fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 12 })

describe("the cancellation service charge", () => {
  it("never refunds less than nothing or more than was paid, and charge plus refund is the price", () => {
    fc.assert(
      fc.property(rule, prices, fc.integer({ min: 0, max: 5_000 }), (r, ps, taken) => {
        const split = cancellationSplit(r, ps, taken)
        const paid = ps.reduce((a, b) => a + b, 0)
        expect(split.refund).toBeGreaterThanOrEqual(0)
        expect(split.refund).toBeLessThanOrEqual(paid)
        expect(split.charge + split.refund).toBe(paid)
        expect(split.ticketsAmount).toBe(paid)
        expect(Number.isInteger(split.refund)).toBe(true)
      }),
    )
  })

  it("cancelling in parts refunds exactly what one whole cancel refunds, for every kind of rule", () => {
    fc.assert(
      fc.property(rule, prices, fc.integer({ min: 1, max: 12 }), (r, ps, cut) => {
        const whole = cancellationSplit(r, ps, 0)
        const first = cancellationSplit(r, ps.slice(0, cut), 0)
        const rest = cancellationSplit(r, ps.slice(cut), first.orderCharge)
        expect(first.refund + rest.refund).toBe(whole.refund)
        expect(first.charge + rest.charge).toBe(whole.charge)
      }),
    )
  })

  it("computes the four kinds as the spec names them", () => {
    const fixed = (amount: number, appliesPer: "ticket" | "order") => ({
      amount,
      percentBasisPoints: null,
      appliesPer,
    })
    expect(cancellationSplit(fixed(1000, "order"), [4700, 4700], 0)).toMatchObject({
      charge: 1000,
      refund: 8400,
    })
    expect(cancellationSplit(fixed(1000, "order"), [4700], 1000)).toMatchObject({ charge: 0, refund: 4700 })
    expect(cancellationSplit(fixed(300, "ticket"), [4700, 4700], 0)).toMatchObject({
      charge: 600,
      refund: 8800,
    })
    expect(cancellationSplit(fixed(300, "ticket"), [200], 0)).toMatchObject({ charge: 200, refund: 0 })
    // 5% of ₪47.00 is ₪2.35 a ticket
    expect(
      cancellationSplit({ amount: null, percentBasisPoints: 500, appliesPer: "order" }, [4700, 4700], 0),
    ).toMatchObject({ charge: 470, refund: 8930 })
    expect(cancellationSplit(null, [4700], 0)).toMatchObject({ charge: 0, refund: 4700 })
  })

  it("takes a location's own rule before the chain's", () => {
    const rules = [
      { id: 3, locationId: null },
      { id: 4, locationId: 1186 },
    ]
    expect(cancellationRuleFor(rules, 1186)?.id).toBe(4)
    expect(cancellationRuleFor(rules, 1173)?.id).toBe(3)
    expect(cancellationRuleFor([{ id: 4, locationId: 1186 }], 1173)).toBeNull()
  })
})
