import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { HUMAN_CHECK_REFUSALS } from "../domain/seating/refusals.ts"

/**
 * A proof-of-work puzzle (altcha v1 shape): find `number` in 0..maxnumber with
 * `hex(algorithm(salt + number)) === challenge`. `signature` is the server's HMAC of `challenge`, so the server
 * keeps no state per challenge; `salt` carries the signed expiry (`?expires=<unix seconds>&`).
 */
export const HumanCheckChallenge = Schema.Struct({
  algorithm: Schema.Literals(["SHA-1", "SHA-256", "SHA-512"]),
  challenge: Schema.String,
  maxnumber: Schema.Int,
  salt: Schema.String,
  signature: Schema.String,
})
export type HumanCheckChallenge = typeof HumanCheckChallenge.Type

/**
 * The spec's `recaptchaToken` was not passed or did not prove anything. With our self-hosted check the token is
 * the base64 altcha payload `{ algorithm, challenge, number, salt, signature, took }`.
 * - `RECAPTCHA_REQUIRED`: "Seat lock HTTP 400: captcha required" — missing, undecodable, wrong, expired or
 *   already used token; the browser solves a fresh challenge and retries.
 * - `recaptcha_repeated`: the same client failed repeatedly; the spec asks the user to refresh or use another
 *   browser.
 */
export class HumanCheckFailed extends Schema.TaggedError<HumanCheckFailed>()(
  "HumanCheckFailed",
  { error: Schema.Literals(HUMAN_CHECK_REFUSALS) },
  { httpApiStatus: 400 },
) {}

/**
 * Not one of the spec's calls: the spec's clients get a reCAPTCHA token from Google, ours solve a challenge
 * issued here (no third-party service). Every challenge is new, signed and short-lived; never cache it.
 */
export class HumanCheckApi extends HttpApiGroup.make("humanCheck").add(
  HttpApiEndpoint.get("challenge", "/human-check/challenge", { success: HumanCheckChallenge }),
) {}
