import { createHmac, randomInt, timingSafeEqual } from "node:crypto"

/**
 * One-time codes sent by SMS or e-mail: the customer's login code (CustomerAuth.ts) and the cart's contact
 * verification (src/server/cart/ContactVerification.ts) follow the same rules, kept here once:
 * - a code is 6 digits from a cryptographic random source, valid 5 minutes;
 * - the database keeps only its HMAC-SHA-256 under a pepper from `server_secrets` (each use has its own secret),
 *   bound to what it was sent to, so a copy of the database reveals no code and a code for one number does not
 *   open another;
 * - at most 3 codes per recipient in 10 minutes (a message costs money and reaches a person);
 * - a new code ends every older one to the same recipient: only the latest message counts;
 * - at most 5 wrong tries per recipient in those 10 minutes, whatever the number of codes (issue 14, item 5:
 *   asking for new codes used to buy 5 more guesses each, and an older code came back after the newest was
 *   spent); past them even the right code is refused until the window has passed.
 */

export const CODE_MINUTES = 5
export const CODES_PER_WINDOW = 3
export const WINDOW_MINUTES = 10
export const MAX_TRIES = 5
/** sign-in code tries from one client address, right or wrong, whichever number (the pay step's and the area's) */
export const CODE_TRIES_PER_CLIENT = { limit: 30, windowSeconds: 3600 }

/** A new code: 6 digits, leading zeros kept. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, "0")

/** What the database keeps of a code sent to `subject` (the recipient, and whatever else it is bound to). */
export const codeHash = (pepper: string, subject: string, code: string): string =>
  createHmac("sha256", pepper).update(`${subject}:${code}`).digest("hex")

/** Whether a typed code matches the stored hash, in constant time; surrounding spaces are forgiven. */
export const codeMatches = (pepper: string, subject: string, typed: string, stored: string): boolean => {
  const expected = Buffer.from(stored)
  const given = Buffer.from(codeHash(pepper, subject, typed.trim()))
  return expected.length === given.length && timingSafeEqual(expected, given)
}
