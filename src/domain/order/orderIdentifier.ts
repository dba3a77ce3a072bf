/**
 * The reservation identifier customers read and quote: "MQ" and ten digits, e.g. "MQ4817290365".
 *
 * - The first nine digits are the order's number (the `reservations` row id, 1 to 999,999,999) sent through a
 *   keyed permutation of [0, 10^9): a Feistel network of {@link ORDER_CODE_ROUNDS} rounds on a four-digit and a
 *   five-digit half, adding a keyed pseudo-random function of one half to the other modulo a power of ten (the
 *   shape of NIST's FF1 format-preserving encryption, so every value stays in range without cycle-walking). A
 *   permutation never maps two ids to one code, so identifiers never collide and need no retry, and without
 *   the key consecutive orders give unrelated numbers: an identifier tells neither how many orders came before
 *   it nor which numbers belong to other orders.
 * - The tenth digit is a Damm check digit over the nine: it catches every single mistyped digit and every swap
 *   of two neighbouring digits, the mistakes of a number read out at a box office or over the phone, so a
 *   mistyped identifier is refused by {@link parseOrderIdentifier} before any lookup.
 *
 * The round function is passed in (the server's is a hash keyed with a secret from `server_secrets`); this
 * module holds no key, no randomness and no clock.
 *
 * Identifiers written before this format ("MQ" and nine digits, the row id zero-padded) stay valid for
 * lookups: {@link parseOrderIdentifier} reads them as `legacy`. They carry no check digit, and are never
 * written again; the two formats cannot be confused, having nine and ten digits.
 */
export const ORDER_IDENTIFIER_PREFIX = "MQ"
/** Digits of the permuted order number; the check digit follows them. */
export const ORDER_CODE_DIGITS = 9
export const ORDER_CODE_LIMIT = 10 ** ORDER_CODE_DIGITS
/** Feistel rounds (even, so the four-digit half ends where it started). */
export const ORDER_CODE_ROUNDS = 8
/** Digits of the identifiers written before the permuted format: the row id, zero-padded. */
export const LEGACY_ORDER_NUMBER_DIGITS = 9

/**
 * A keyed pseudo-random function of a Feistel round: `round` in [0, ORDER_CODE_ROUNDS), `half` a non-negative
 * integer below 10^5; the answer is any non-negative safe integer (the network keeps its last digits).
 */
export type OrderCodeRound = (round: number, half: number) => number

/** A code is its four-digit half times this, plus its five-digit half. */
export const LOW_HALF_LIMIT = 10 ** 5
/** Even rounds add to the four-digit half (mod 10^4), odd rounds to the five-digit half (mod 10^5). */
export const roundModulus = (round: number): number => (round % 2 === 0 ? 10 ** 4 : LOW_HALF_LIMIT)

const checkRoundOutput = (value: number) => {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`a round function answers a non-negative integer, got ${value}`)
  return value
}

/** The order's number sent through the keyed permutation of [0, 10^9). */
export const orderCode = (orderNumber: number, round: OrderCodeRound): number => {
  if (!Number.isSafeInteger(orderNumber) || orderNumber < 0 || orderNumber >= ORDER_CODE_LIMIT)
    throw new Error(`an order code permutes an integer in [0, 10^9), got ${orderNumber}`)
  let a = Math.floor(orderNumber / LOW_HALF_LIMIT)
  let b = orderNumber % LOW_HALF_LIMIT
  for (let i = 0; i < ORDER_CODE_ROUNDS; i++) {
    const m = roundModulus(i)
    const c = (a + (checkRoundOutput(round(i, b)) % m)) % m
    a = b
    b = c
  }
  return a * LOW_HALF_LIMIT + b
}

/** The inverse of {@link orderCode} under the same round function. */
export const orderNumberOfCode = (code: number, round: OrderCodeRound): number => {
  if (!Number.isSafeInteger(code) || code < 0 || code >= ORDER_CODE_LIMIT)
    throw new Error(`an order code is an integer in [0, 10^9), got ${code}`)
  let a = Math.floor(code / LOW_HALF_LIMIT)
  let b = code % LOW_HALF_LIMIT
  for (let i = ORDER_CODE_ROUNDS - 1; i >= 0; i--) {
    const m = roundModulus(i)
    const previousA = (((b - (checkRoundOutput(round(i, a)) % m)) % m) + m) % m
    b = a
    a = previousA
  }
  return a * LOW_HALF_LIMIT + b
}

// The Damm algorithm's operation table: a totally anti-symmetric quasigroup of order 10.
export const DAMM_TABLE: ReadonlyArray<ReadonlyArray<number>> = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
]

const dammInterim = (digits: string): number => {
  let interim = 0
  for (const ch of digits) {
    const digit = ch.charCodeAt(0) - 48
    if (digit < 0 || digit > 9) throw new Error(`not a decimal digit: ${ch}`)
    interim = DAMM_TABLE[interim]![digit]!
  }
  return interim
}

/** The Damm check digit of a string of decimal digits. */
export const dammCheckDigit = (digits: string): number => dammInterim(digits)

/** Whether a string of decimal digits ends with its Damm check digit. */
export const dammValid = (digitsWithCheck: string): boolean =>
  digitsWithCheck.length > 1 && dammInterim(digitsWithCheck) === 0

/** "MQ", the nine digits of the order's code and their check digit. */
export const orderIdentifier = (orderNumber: number, round: OrderCodeRound): string => {
  if (!Number.isSafeInteger(orderNumber) || orderNumber < 1 || orderNumber >= ORDER_CODE_LIMIT)
    throw new Error(`an order number is an integer from 1 to 999,999,999, got ${orderNumber}`)
  const digits = String(orderCode(orderNumber, round)).padStart(ORDER_CODE_DIGITS, "0")
  return `${ORDER_IDENTIFIER_PREFIX}${digits}${dammCheckDigit(digits)}`
}

/**
 * What an identifier's text can be: one of this format with a valid check digit (`code`, the permuted number),
 * or one written before it (`legacy`, the row id).
 */
export type ParsedOrderIdentifier =
  | { readonly format: "checked"; readonly code: number }
  | { readonly format: "legacy"; readonly orderNumber: number }

const checked = new RegExp(`^${ORDER_IDENTIFIER_PREFIX}([0-9]{${ORDER_CODE_DIGITS + 1}})$`)
const legacy = new RegExp(`^${ORDER_IDENTIFIER_PREFIX}([0-9]{${LEGACY_ORDER_NUMBER_DIGITS}})$`)

/**
 * The identifier read back, or null when no order can have it: not "MQ" and nine or ten digits, a wrong check
 * digit (a digit misread, or two neighbours swapped), or the legacy number zero. Spaces, dashes and lower case
 * are forgiven (the grouped display, a buyer typing it). Callers answer "not found" for null without asking the
 * database.
 */
export const parseOrderIdentifier = (typed: string): ParsedOrderIdentifier | null => {
  // as read out or copied from the grouped display: spaces and dashes between the groups, any letter case
  const text = typed.length > 32 ? typed : typed.replace(/[\s-]/g, "").toUpperCase()
  const digits = checked.exec(text)?.[1]
  if (digits !== undefined)
    return dammValid(digits) ? { format: "checked", code: Number(digits.slice(0, ORDER_CODE_DIGITS)) } : null
  const old = legacy.exec(text)?.[1]
  if (old === undefined) return null
  const orderNumber = Number(old)
  return orderNumber >= 1 ? { format: "legacy", orderNumber } : null
}

/** Whether an order can have this identifier (see {@link parseOrderIdentifier}). */
export const mayBeOrderIdentifier = (text: string): boolean => parseOrderIdentifier(text) !== null

/**
 * The identifier as people read it out at a box office: the prefix, then its digits in groups of three, three and
 * four ("MQ 123 456 7890"); a legacy number in threes. Anything else is shown as it is.
 */
export const displayOrderIdentifier = (identifier: string): string => {
  const digits = identifier.startsWith(ORDER_IDENTIFIER_PREFIX)
    ? identifier.slice(ORDER_IDENTIFIER_PREFIX.length)
    : ""
  if (!/^[0-9]+$/.test(digits)) return identifier
  const groups =
    digits.length === ORDER_CODE_DIGITS + 1
      ? [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)]
      : (digits.match(/[0-9]{1,3}/g) ?? [digits])
  return [ORDER_IDENTIFIER_PREFIX, ...groups].join(" ")
}
