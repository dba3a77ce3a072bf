import type { PassClaims, PassVerdict } from "../domain/edocument/ticketPass.ts"

const instant = (seconds: number) => new Date(seconds * 1000).toISOString().replace(".000Z", "Z")

const what = (claims: PassClaims) =>
  [
    `ticket ${claims.ticket} of order ${claims.reservation}, presentation ${claims.presentation}`,
    claims.row === null && claims.seat === null
      ? "unnumbered"
      : `row ${claims.row ?? "-"} seat ${claims.seat ?? "-"}`,
    `valid ${instant(claims.notBefore)} to ${instant(claims.notAfter)}, key ${claims.kid}`,
  ].join(", ")

/** One line for a person at the door: the verdict first, then what the pass says where it can be trusted. */
export const describeVerdict = (verdict: PassVerdict): string => {
  switch (verdict.verdict) {
    case "valid":
      return `valid: ${what(verdict.claims)}`
    case "revoked":
      return `revoked: the ticket was cancelled (${what(verdict.claims)})`
    case "expired":
      return `expired: ${what(verdict.claims)}`
    case "notYetValid":
      return `not yet valid: ${what(verdict.claims)}`
    case "unknownKey":
      return `unknown key: signed with ${verdict.kid}, which the keys given do not have (fetch them again)`
    case "tampered":
      return "tampered: the pass was changed or forged; its contents cannot be trusted"
    case "foreign":
      return "not a Marquee ticket: this code is not a ticket pass"
  }
}
