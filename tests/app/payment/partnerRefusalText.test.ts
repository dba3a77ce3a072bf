import { describe, expect, it } from "vitest"
import en from "../../../locales/en.json" with { type: "json" }
import he from "../../../locales/he.json" with { type: "json" }
import { CommitFailed } from "../../../src/app/payment/errors.ts"
import { errorKey } from "../../../src/app/payment/PaymentDialog.tsx"

describe("a partner's order refused at commit (issue 19)", () => {
  it("says what went wrong with the partner or its link, never the general 'Error processing transaction'", () => {
    for (const code of ["miniSiteInvalid", "integrationDataError"] as const) {
      expect(errorKey(new CommitFailed({ code })), code).toBe(`payment.errors.${code}`)
      for (const words of [he, en]) {
        const text = words.payment.errors[code]
        expect(text, code).not.toBe(words.payment.errors.CommitFailed)
        expect(text.length, code).toBeGreaterThan(20)
      }
    }
  })
})
