/**
 * The child waiver (spec §2 "Waiver view", §5 "Waiver: ticket must suit the child's age"). Pure: the showing's
 * date comes in as an argument, never from a clock, so the browser (before going on) and the server (at commit)
 * judge the same waiver the same way.
 */

/** Bounds on what one waiver may carry; the server refuses more before reading it. */
export const WAIVER_LIMITS = {
  children: 10,
  nameLength: 80,
  /** the signature PNG as bytes: a canvas of a few hundred pixels drawn in one colour is far below this */
  signatureBytes: 200_000,
} as const

/** Price policy 2 is the child ticket (src/server/db/seed/commerce.ts PRICE_POLICY.child). */
export const CHILD_PRICE_POLICY = 2

/** Our reading of "suits the child's age": a child ticket is for ages 3 to 12 on the day of the showing. */
export const CHILD_TICKET_AGES = { min: 3, max: 12 } as const

export interface WaiverChild {
  readonly name: string
  /** YYYY-MM-DD */
  readonly dateOfBirth: string
}

/** One showing of the order that asks for a waiver: its local date and how many child tickets it has. */
export interface WaiverShowing {
  /** YYYY-MM-DD, the showing's day in Asia/Jerusalem */
  readonly date: string
  readonly childTickets: number
}

export type WaiverProblem =
  | "waiverSigner"
  | "waiverNoChildren"
  | "waiverChildInvalid"
  | "waiverChildCount"
  | "waiverChildTooYoung"
  | "waiverChildTooOld"

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const parts = (date: string): readonly [number, number, number] | null => {
  const m = ISO_DATE.exec(date)
  if (m === null) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  // a real calendar day: 2020-02-30 is refused (Date.UTC would roll it into March)
  const check = new Date(Date.UTC(y, mo - 1, d))
  return check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d
    ? [y, mo, d]
    : null
}

/** Whole years between a date of birth and a day (a birthday on that day counts); null for a bad date. */
export const ageOn = (dateOfBirth: string, day: string): number | null => {
  const birth = parts(dateOfBirth)
  const on = parts(day)
  if (birth === null || on === null) return null
  const beforeBirthday = on[1] < birth[1] || (on[1] === birth[1] && on[2] < birth[2])
  return on[0] - birth[0] - (beforeBirthday ? 1 : 0)
}

/** Why this child cannot hold a child ticket on that day, or null when the age suits it. */
export const childAgeProblem = (
  child: WaiverChild,
  day: string,
): "waiverChildInvalid" | "waiverChildTooYoung" | "waiverChildTooOld" | null => {
  const age = ageOn(child.dateOfBirth, day)
  if (age === null || age < 0) return "waiverChildInvalid"
  if (age < CHILD_TICKET_AGES.min) return "waiverChildTooYoung"
  if (age > CHILD_TICKET_AGES.max) return "waiverChildTooOld"
  return null
}

export const childFilledIn = (child: WaiverChild): boolean => {
  const name = child.name.trim()
  return name.length > 0 && name.length <= WAIVER_LIMITS.nameLength && parts(child.dateOfBirth) !== null
}

/**
 * The first thing wrong with a waiver for these showings, or null. Every child named holds one child ticket
 * on each showing that asks for the waiver, and every child ticket there is held by a child whose age suits it:
 * so the counts match and each child's age is within `CHILD_TICKET_AGES` on each showing's day.
 */
export const waiverProblem = (
  waiver: { readonly signerName: string; readonly children: ReadonlyArray<WaiverChild> },
  showings: ReadonlyArray<WaiverShowing>,
): WaiverProblem | null => {
  const signer = waiver.signerName.trim()
  if (signer.length === 0 || signer.length > WAIVER_LIMITS.nameLength) return "waiverSigner"
  if (waiver.children.length === 0) return "waiverNoChildren"
  if (waiver.children.length > WAIVER_LIMITS.children || !waiver.children.every(childFilledIn))
    return "waiverChildInvalid"
  for (const showing of showings) {
    for (const child of waiver.children) {
      const problem = childAgeProblem(child, showing.date)
      if (problem !== null) return problem
    }
    if (showing.childTickets !== waiver.children.length) return "waiverChildCount"
  }
  return null
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const

/** A PNG by its eight-byte signature and an IHDR chunk first (what every PNG encoder writes), within the size limit. */
export const isSignaturePng = (bytes: Uint8Array): boolean =>
  bytes.length > 33 &&
  bytes.length <= WAIVER_LIMITS.signatureBytes &&
  PNG_MAGIC.every((b, i) => bytes[i] === b) &&
  String.fromCharCode(...bytes.subarray(12, 16)) === "IHDR"
