/**
 * The sandbox card acquirer's rules: the checks a real hosted page makes before the card is charged, and the
 * test cards that steer the outcome (README.md lists them).
 */

export const TEST_CARDS = {
  approves: "4580000000000000",
  declines: "4000000000000002",
  threeDSecure: "4000000000003220",
} as const

export type CardOutcome = "approved" | "declined" | "threeDSecure" | "binValidation"

export type CardVerdict =
  | { readonly outcome: CardOutcome; readonly last4: string }
  | { readonly invalid: "cardNumber" | "cardDate" | "cvv"; readonly message: string }

export const luhnValid = (digits: string): boolean => {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** MM/YY or MM/YYYY as month and four-digit year; null when it is neither. */
const parseExpiry = (typed: string): { readonly month: number; readonly year: number } | null => {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed)
  if (match === null) return null
  const month = Number(match[1])
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2])
  return month < 1 || month > 12 ? null : { month, year }
}

/** A card is good through the last day of its month. */
const expiryValid = (typed: string, now: Date): boolean => {
  const expiry = parseExpiry(typed)
  if (expiry === null) return false
  const endOfMonth = Date.UTC(expiry.year, expiry.month, 1)
  return endOfMonth > now.getTime() && expiry.year < now.getUTCFullYear() + 25
}

const brandOf = (digits: string): string => {
  if (digits.startsWith("4")) return "visa"
  const two = Number(digits.slice(0, 2))
  const four = Number(digits.slice(0, 4))
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "mastercard"
  if (two === 34 || two === 37) return "amex"
  return "card"
}

/**
 * What the provider keeps of a card it tokenises (a merchant's `saveCard`): the BIN, the last four digits, the
 * brand and the expiry, never the whole number. Call only for a card `checkCard` accepted.
 */
export const keptCardFacts = (number: string, expiry: string) => {
  const digits = number.replace(/[\s-]/g, "")
  const parsed = parseExpiry(expiry) ?? { month: 1, year: 2000 }
  return {
    bin: digits.slice(0, 6),
    last4: digits.slice(-4),
    brand: brandOf(digits),
    expMonth: parsed.month,
    expYear: parsed.year,
  }
}

export const checkCard = (
  card: { readonly number: string; readonly expiry: string; readonly cvv: string },
  allowedBins: ReadonlyArray<string> | null,
  now: Date,
): CardVerdict => {
  const digits = card.number.replace(/[\s-]/g, "")
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits))
    return { invalid: "cardNumber", message: "The card number is not valid." }
  if (!expiryValid(card.expiry, now)) return { invalid: "cardDate", message: "The expiry date is not valid." }
  if (!/^\d{3,4}$/.test(card.cvv.trim())) return { invalid: "cvv", message: "The CVV is not valid." }
  const last4 = digits.slice(-4)
  // a promotion paid only with certain cards (e.g. BIN 458000 for a bank's club): any other card is refused
  if (allowedBins !== null && !allowedBins.some((bin) => digits.startsWith(bin)))
    return { outcome: "binValidation", last4 }
  if (digits === TEST_CARDS.declines) return { outcome: "declined", last4 }
  if (digits === TEST_CARDS.threeDSecure) return { outcome: "threeDSecure", last4 }
  return { outcome: "approved", last4 }
}

/**
 * Apple Pay and Google Pay on the card provider's page. The wallet sends a device token (a cryptogram and the
 * card's last four digits, never its number); the device has already authenticated the buyer, so there is no
 * 3-D Secure step. Only the default card provider takes wallets, and never for a BIN-restricted promotion: the
 * token's device number cannot be checked against the bank's BINs.
 */
export type Wallet = "apple" | "google"

export const WALLET_PROVIDER = "sandbox-card"

export const walletsAccepted = (provider: string, allowedBins: ReadonlyArray<string> | null): boolean =>
  provider === WALLET_PROVIDER && allowedBins === null

export type WalletVerdict =
  | {
      readonly outcome: "approved" | "declined" | "binValidation"
      readonly wallet: Wallet
      readonly last4: string
    }
  | { readonly invalid: "walletToken"; readonly message: string }

/** A wallet's response details, as much as the sandbox reads of them: where each wallet puts the last four. */
const last4Of = (wallet: Wallet, details: unknown): string | undefined => {
  const field = (value: unknown, key: string): unknown =>
    typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined
  const text =
    wallet === "google"
      ? field(field(field(details, "paymentMethodData"), "info"), "cardDetails")
      : field(field(field(details, "token"), "paymentMethod"), "displayName")
  if (typeof text !== "string") return undefined
  // Google gives the four digits alone, Apple a display name such as "Visa 0000"
  return /(?:^|\D)(\d{4})\s*$/.exec(text)?.[1]
}

const TEST_DECLINE_LAST4 = TEST_CARDS.declines.slice(-4)

export const checkWallet = (
  wallet: string,
  token: string,
  provider: string,
  allowedBins: ReadonlyArray<string> | null,
): WalletVerdict => {
  const invalid = { invalid: "walletToken", message: "The wallet's payment token is not valid." } as const
  if ((wallet !== "apple" && wallet !== "google") || token.length > 16_384) return invalid
  let details: unknown
  try {
    details = JSON.parse(token)
  } catch {
    return invalid
  }
  const last4 = last4Of(wallet, details)
  if (last4 === undefined) return invalid
  if (!walletsAccepted(provider, allowedBins)) return { outcome: "binValidation", wallet, last4 }
  if (last4 === TEST_DECLINE_LAST4) return { outcome: "declined", wallet, last4 }
  return { outcome: "approved", wallet, last4 }
}
