import { describe, expect, it } from "vitest"
import {
  AREA_KEY,
  areaDataKey,
  quoteKey,
  voucherHistoryKey,
} from "../../../../src/app/customer/area/areaApi.ts"
import { CUSTOMER_QUERY_PREFIXES } from "../../../../src/app/customer/signIn/clearCustomerData.ts"

describe("the area's query keys", () => {
  it("all start with a prefix that signing out removes, and name the session", () => {
    const keys = [
      areaDataKey("u1", "he"),
      voucherHistoryKey("u1", "AREA-D-FULL"),
      quoteKey("u1", "MQ1", undefined, false, "en"),
    ]
    for (const key of keys) {
      expect(CUSTOMER_QUERY_PREFIXES.has(key[0])).toBe(true)
      expect(key[1]).toBe("u1")
    }
    expect(AREA_KEY).toBe("customerArea")
  })
})
