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

/** MM/YY (or MM/YYYY); a card is good through the last day of its month. */
const expiryValid = (typed: string, now: Date): boolean => {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed)
  if (match === null) return false
  const month = Number(match[1])
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2])
  if (month < 1 || month > 12) return false
  const endOfMonth = Date.UTC(year, month, 1)
  return endOfMonth > now.getTime() && year < now.getUTCFullYear() + 25
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
