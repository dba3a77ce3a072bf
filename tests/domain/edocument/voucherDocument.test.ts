import { randomBytes } from "node:crypto"
import { describe, expect, it } from "vitest"
import { isVoucherDocumentKey, voucherDocumentKey } from "../../../src/domain/edocument/voucherDocument.ts"

describe("which page an e-document key opens (spec §2: e-ticket or voucher)", () => {
  it("a voucher's key is 'v' and an order-sized key; no order key reads as a voucher's", () => {
    for (let i = 0; i < 50; i++) {
      const orderKey = randomBytes(24).toString("base64url")
      expect(orderKey).toHaveLength(32)
      expect(isVoucherDocumentKey(orderKey)).toBe(false)
      expect(isVoucherDocumentKey(voucherDocumentKey(orderKey))).toBe(true)
    }
    for (const bad of [
      "",
      "v",
      `v${"A".repeat(31)}`,
      `v${"A".repeat(33)}`,
      `V${"A".repeat(32)}`,
      `v${"A".repeat(31)}.`,
    ])
      expect(isVoucherDocumentKey(bad), bad).toBe(false)
  })
})
