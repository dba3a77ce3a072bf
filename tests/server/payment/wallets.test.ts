import { describe, expect, it } from "vitest"
import { checkWallet, walletsAccepted } from "../../../src/server/payment/sandbox/cards.ts"

/** The sandbox card acquirer's wallet rules: where each wallet's details carry the last four, and who takes one. */
describe("checkWallet", () => {
  const google = (cardDetails: unknown) => JSON.stringify({ paymentMethodData: { info: { cardDetails } } })
  const apple = (displayName: unknown) => JSON.stringify({ token: { paymentMethod: { displayName } } })

  it("reads the last four: Google's cardDetails, Apple's display name", () => {
    expect(checkWallet("google", google("0000"), "sandbox-card", null)).toEqual({
      outcome: "approved",
      wallet: "google",
      last4: "0000",
    })
    expect(checkWallet("apple", apple("Visa 1234"), "sandbox-card", null)).toMatchObject({ last4: "1234" })
    expect(checkWallet("apple", apple("MasterCard 0002"), "sandbox-card", null)).toMatchObject({
      outcome: "declined",
    })
  })

  it("a token it cannot read is invalid: unknown wallet, not JSON, no last four, a longer number", () => {
    for (const [wallet, token] of [
      ["samsung", google("0000")],
      ["google", "{"],
      ["google", apple("Visa 0000")],
      ["apple", apple("Visa")],
      ["google", google(0)],
      ["apple", apple("Visa 40000")],
    ] as const)
      expect(checkWallet(wallet, token, "sandbox-card", null), `${wallet} ${token}`).toHaveProperty("invalid")
  })

  it("only the default card provider takes wallets, and never for a BIN-restricted payment", () => {
    expect(walletsAccepted("sandbox-card", null)).toBe(true)
    expect(walletsAccepted("sandbox-card-2", null)).toBe(false)
    expect(walletsAccepted("sandbox-card", ["458000"])).toBe(false)
    expect(checkWallet("google", google("0000"), "sandbox-card-2", null)).toMatchObject({
      outcome: "binValidation",
    })
    expect(checkWallet("google", google("0000"), "sandbox-card", ["458000"])).toMatchObject({
      outcome: "binValidation",
    })
  })
})
