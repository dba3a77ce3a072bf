import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { orderTotal, voucherPaymentAmount } from "../../../src/domain/pricing/voucherPayment.ts"

describe("voucher payment", () => {
  it("pays the whole order when the balance covers it, else the whole balance", () => {
    expect(voucherPaymentAmount(5000, 10_000)).toBe(5000)
    expect(voucherPaymentAmount(5000, 3000)).toBe(3000)
    expect(voucherPaymentAmount(5000, 5000)).toBe(5000)
  })

  it("pays nothing from an empty or negative balance, or for a free order", () => {
    expect(voucherPaymentAmount(5000, 0)).toBe(0)
    expect(voucherPaymentAmount(5000, -200)).toBe(0)
    expect(voucherPaymentAmount(0, 3000)).toBe(0)
  })

  it("counts the order's booking charges, as the server's total does", () => {
    // two seats at 4700 + 300 and a 250 booking fee: a 20,000 voucher pays 10,250, not 10,000
    expect(voucherPaymentAmount(orderTotal(10_000, 250), 20_000)).toBe(10_250)
  })

  it("never pays more than the order or the balance, and leaves nothing negative to pay", () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 })
    fc.assert(
      fc.property(amount, amount, amount, (lines, booking, balance) => {
        const total = orderTotal(lines, booking)
        const paid = voucherPaymentAmount(total, balance)
        return paid <= total && paid <= balance && paid >= 0 && total - paid >= 0
      }),
    )
  })
})
