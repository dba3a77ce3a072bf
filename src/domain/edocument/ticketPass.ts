import { Result } from "effect"
import { Base64Url } from "effect/encoding"

/**
 * The signed ticket pass (issue 17): what one e-ticket's QR code carries, so a door scanner with no network can
 * tell a genuine ticket from a forged one. The format is public (docs/security.md, src/server/edocuments/README.md):
 *
 *     MQT1.<claims>.<signature>
 *
 * - `claims`: base64url (no padding) of the UTF-8 JSON array
 *   `[kid, reservation, ticket, presentation, row, seat, notBefore, notAfter]`: the signing key's id, the order's
 *   identifier, the sold ticket's id, the presentation's id, the seat's row and seat names (null for a standing or
 *   unnumbered place), and the window the pass is valid in (Unix seconds). Nothing personal: no name, phone or ID.
 * - `signature`: base64url of the Ed25519 signature of the ASCII text `MQT1.<claims>` (everything before the
 *   second dot), made with the key `kid` names; its public half is published at `GET /api/edocuments/keys`.
 *
 * The kid sits inside the signed claims (read before the check, like a JWT header's, only to pick the key): a
 * changed kid picks another key, under which the signature fails.
 *
 * Pure: the signing and checking functions come in as arguments (node:crypto on the server and in the CLI).
 */

export const PASS_PREFIX = "MQT1"

export interface PassClaims {
  /** the signing key's id (`GET /api/edocuments/keys`) */
  readonly kid: string
  /** the order's identifier, as the confirmation shows it */
  readonly reservation: string
  /** the sold ticket's id: what a revocation names */
  readonly ticket: string
  readonly presentation: number
  readonly row: string | null
  readonly seat: string | null
  /** Unix seconds: the pass opens the door from here… */
  readonly notBefore: number
  /** …to here */
  readonly notAfter: number
}

/** The door opens this long before the show starts. */
export const PASS_OPENS_BEFORE_START_S = 12 * 3600
/** And stays open this long after the show ends (the film's length, or {@link UNKNOWN_LENGTH_S} if unknown). */
export const PASS_CLOSES_AFTER_END_S = 3600
export const UNKNOWN_LENGTH_S = 4 * 3600

/**
 * A pass's window from its show: from 12 hours before the start to an hour after the end. It depends on the show
 * alone (not on when the pass was made), so the same ticket always gets the same pass (Ed25519 is deterministic)
 * and a copy saved on a phone stays identical to the server's.
 */
export const passWindow = (
  startsAtMs: number,
  durationMinutes: number | null,
): { readonly notBefore: number; readonly notAfter: number } => {
  const start = Math.floor(startsAtMs / 1000)
  const length = durationMinutes === null ? UNKNOWN_LENGTH_S : durationMinutes * 60
  return { notBefore: start - PASS_OPENS_BEFORE_START_S, notAfter: start + length + PASS_CLOSES_AFTER_END_S }
}

const encoder = new TextEncoder()
const decoder = new TextDecoder("utf-8", { fatal: true })

/** The bytes a signature covers: `MQT1.<claims>` */
export const signedText = (claims: PassClaims): string =>
  `${PASS_PREFIX}.${Base64Url.encode(
    encoder.encode(
      JSON.stringify([
        claims.kid,
        claims.reservation,
        claims.ticket,
        claims.presentation,
        claims.row,
        claims.seat,
        claims.notBefore,
        claims.notAfter,
      ]),
    ),
  )}`

/** A pass from its claims and a signer (given the bytes of {@link signedText}, the 64-byte signature). */
export const makePass = (claims: PassClaims, sign: (message: Uint8Array) => Uint8Array): string => {
  const text = signedText(claims)
  return `${text}.${Base64Url.encode(sign(encoder.encode(text)))}`
}

export interface ReadPass {
  readonly claims: PassClaims
  /** the bytes the signature should cover, as they arrived */
  readonly message: Uint8Array
  readonly signature: Uint8Array
}

/**
 * Why a text is not a pass: `foreign` when it is not ours at all (another QR code), `damaged` when it starts
 * like ours but does not read (a changed byte, a cut-off scan).
 */
export type PassUnreadable = "foreign" | "damaged"

const isString = (value: unknown): value is string => typeof value === "string"
const isNameOrNull = (value: unknown): value is string | null => value === null || isString(value)
const isSeconds = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value)

const claimsFrom = (fields: unknown): PassClaims | undefined => {
  if (!Array.isArray(fields) || fields.length !== 8) return undefined
  const [kid, reservation, ticket, presentation, row, seat, notBefore, notAfter] = fields as Array<unknown>
  if (!isString(kid) || !isString(reservation) || !isString(ticket)) return undefined
  if (!isSeconds(presentation) || !isNameOrNull(row) || !isNameOrNull(seat)) return undefined
  if (!isSeconds(notBefore) || !isSeconds(notAfter)) return undefined
  return { kid, reservation, ticket, presentation, row, seat, notBefore, notAfter }
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Splits and decodes a scanned text; checks nothing about the signature. */
export const readPass = (text: string): Result.Result<ReadPass, PassUnreadable> => {
  const parts = text.trim().split(".")
  if (parts[0] !== PASS_PREFIX) return Result.fail("foreign")
  const [, encodedClaims, encodedSignature] = parts
  if (parts.length !== 3 || encodedClaims === undefined || encodedSignature === undefined)
    return Result.fail("damaged")
  const claimBytes = Base64Url.decode(encodedClaims)
  const signature = Base64Url.decode(encodedSignature)
  if (Result.isFailure(claimBytes) || Result.isFailure(signature) || signature.success.length !== 64)
    return Result.fail("damaged")
  // a re-encoding must give the text back: base64 that decodes loosely (stray bits) is a changed byte too
  if (Base64Url.encode(claimBytes.success) !== encodedClaims) return Result.fail("damaged")
  if (Base64Url.encode(signature.success) !== encodedSignature) return Result.fail("damaged")
  let json: string
  try {
    json = decoder.decode(claimBytes.success)
  } catch {
    return Result.fail("damaged")
  }
  const claims = claimsFrom(parseJson(json))
  if (claims === undefined) return Result.fail("damaged")
  return Result.succeed({
    claims,
    message: encoder.encode(`${PASS_PREFIX}.${encodedClaims}`),
    signature: signature.success,
  })
}

/**
 * What a door answers to a scanned pass, checked in this order:
 * - `foreign`: not a Marquee pass at all;
 * - `tampered`: it reads like one but a byte changed (it does not decode, or the signature does not hold);
 * - `unknownKey`: signed with a key the scanner does not have (not published, or the scanner's copy is old);
 * - `revoked`: genuine, but its ticket was cancelled (the revocation list names it);
 * - `notYetValid` / `expired`: genuine, outside its window;
 * - `valid`: let them in (whether it was already scanned tonight is the door's own record, not the pass's).
 */
export type PassVerdict =
  | { readonly verdict: "valid"; readonly claims: PassClaims }
  | { readonly verdict: "foreign" }
  | { readonly verdict: "tampered" }
  | { readonly verdict: "unknownKey"; readonly kid: string }
  | { readonly verdict: "revoked"; readonly claims: PassClaims }
  | { readonly verdict: "notYetValid"; readonly claims: PassClaims }
  | { readonly verdict: "expired"; readonly claims: PassClaims }

export interface PassChecks {
  /** the Ed25519 check for a published key id, or undefined when the key is unknown */
  readonly verifierFor: (kid: string) => ((message: Uint8Array, signature: Uint8Array) => boolean) | undefined
  /** whether the revocation list names this ticket */
  readonly isRevoked: (ticket: string) => boolean
  /** Unix seconds, from the caller's clock */
  readonly now: number
}

export const judgePass = (text: string, checks: PassChecks): PassVerdict => {
  const read = readPass(text)
  if (Result.isFailure(read))
    return read.failure === "foreign" ? { verdict: "foreign" } : { verdict: "tampered" }
  const { claims, message, signature } = read.success
  const verify = checks.verifierFor(claims.kid)
  if (verify === undefined) return { verdict: "unknownKey", kid: claims.kid }
  if (!verify(message, signature)) return { verdict: "tampered" }
  if (checks.isRevoked(claims.ticket)) return { verdict: "revoked", claims }
  if (checks.now < claims.notBefore) return { verdict: "notYetValid", claims }
  if (checks.now > claims.notAfter) return { verdict: "expired", claims }
  return { verdict: "valid", claims }
}
