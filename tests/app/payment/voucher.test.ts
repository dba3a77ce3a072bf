import { describe, expect, it } from "vitest"
import { applyVoucher, removeVoucher } from "../../../src/app/payment/voucher.ts"
import { fold } from "../../../src/domain/cart/fold.ts"
import { newLog } from "../../domain/cart/fixtures.ts"
import { harness, json, readyEvents } from "./harness.ts"

const balance = (amount: number) => ({
  payment: {
    reference: "GIFT-100",
    id: 7,
    systemVoucherItemId: 70,
    balance: amount,
    benefitName: "Gift card",
    expiresAt: "2027-11-22",
  },
})

describe("applyVoucher", () => {
  it("looks the voucher up with the cart token and records it as the voucher payment", async () => {
    const h = harness(() => json(200, balance(10_000)))
    const result = await h.run(h.provide(applyVoucher("  GIFT-100 ")))
    expect(result).toMatchObject({ _tag: "Success", success: { balance: 10_000, benefitName: "Gift card" } })
    expect(h.calls[0]?.query.get("reference")).toBe("GIFT-100")
    expect(h.calls[0]?.headers["x-cart-token"]).toBe("cart-token-1")
    expect(h.cart.state().voucherPayment).toEqual({
      id: 7,
      systemVoucher: "GIFT-100",
      systemVoucherItemId: 70,
      balance: 10_000,
    })
  })

  it("gives the spec's 'no balance left' for an empty voucher and records nothing", async () => {
    const h = harness(() => json(200, balance(0)))
    const result = await h.run(h.provide(applyVoucher("GIFT-EMPTY")))
    expect(result).toMatchObject({
      _tag: "Failure",
      failure: { _tag: "VoucherRefused", code: "voucherBalance" },
    })
    expect(h.cart.appended).toEqual([])
  })

  for (const code of ["codeNotFound", "voucherExpired", "voucherNotActive"] as const)
    it(`maps the lookup's ${code}`, async () => {
      const h = harness(() => json(404, { _tag: "VoucherLookupFailed", error: code }))
      const result = await h.run(h.provide(applyVoucher("X")))
      expect(result).toMatchObject({ _tag: "Failure", failure: { _tag: "VoucherRefused", code } })
      expect(h.cart.appended).toEqual([])
    })

  it("refuses an empty reference without asking, and a voucher once the order is committed", async () => {
    const h = harness(() => json(200, balance(10_000)))
    expect(await h.run(h.provide(applyVoucher("   ")))).toMatchObject({
      failure: { _tag: "VoucherRefused", code: "codeNotFound" },
    })
    const log = newLog()
    const committed = [...readyEvents(), log.commitRequested("k9"), log.committed("k9", "R-9")]
    expect(fold(committed).reservation).not.toBeNull()
    const late = harness(() => json(200, balance(10_000)), committed)
    expect(await late.run(late.provide(applyVoucher("GIFT-100")))).toMatchObject({
      failure: { _tag: "VoucherTooLate" },
    })
    expect(await late.run(late.provide(removeVoucher()))).toMatchObject({
      failure: { _tag: "VoucherTooLate" },
    })
    expect(h.calls).toHaveLength(0)
    expect(late.calls).toHaveLength(0)
  })
})
