import { describe, expect, it } from "vitest"
import { CommitFailed } from "../../../src/app/payment/errors.ts"
import { errorKey } from "../../../src/app/payment/PaymentDialog.tsx"

describe("a membership order refused at commit (issue 16)", () => {
  it("names each refusal by the membership text, never the general one", () => {
    for (const code of [
      "noMembershipsForSale",
      "membershipPriceNotFound",
      "membershipCodeAlreadyEntered",
      "memberNotFound",
      "membershipQuantity",
      "membershipSeatRequired",
      "currencyMismatch",
    ] as const)
      expect(errorKey(new CommitFailed({ code })), code).toBe(`memberships.errors.${code}`)
  })
})
