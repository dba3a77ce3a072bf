import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"

/**
 * What a door scanner needs to check e-ticket passes with no network (issue 17; the pass format is in
 * src/domain/edocument/ticketPass.ts): the public keys that sign them, and the tickets cancelled since they were
 * issued. Both are public: a key's public half and a cancelled ticket's number open nothing.
 */

/**
 * One public key as a JSON Web Key (RFC 8037, so WebCrypto and node:crypto import it as it is), with when it
 * stops being published: `null` while it signs, a date once rotated out (after the last show it may have signed
 * for is over).
 */
export const TicketKey = Schema.Struct({
  kty: Schema.Literal("OKP"),
  crv: Schema.Literal("Ed25519"),
  alg: Schema.Literal("EdDSA"),
  use: Schema.Literal("sig"),
  kid: Schema.String,
  /** the raw 32-byte public key, base64url */
  x: Schema.String,
  status: Schema.Literals(["active", "retired"]),
  publishedUntil: Schema.NullOr(Schema.String),
})
export type TicketKey = typeof TicketKey.Type

export const TicketKeys = Schema.Struct({ keys: Schema.Array(TicketKey) })
export type TicketKeys = typeof TicketKeys.Type

/**
 * The revocation list: every ticket cancelled (by the customer area, the box office or a void) whose show is not
 * over yet, by the id its pass names. A scanner fetches it before the doors open and whenever it has signal;
 * `asOf` says how fresh its copy is.
 */
export const TicketRevocations = Schema.Struct({
  asOf: Schema.String,
  revoked: Schema.Array(Schema.String),
})
export type TicketRevocations = typeof TicketRevocations.Type

export class EDocumentsApi extends HttpApiGroup.make("edocuments")
  .add(HttpApiEndpoint.get("keys", "/edocuments/keys", { success: TicketKeys }))
  .add(HttpApiEndpoint.get("revocations", "/edocuments/revocations", { success: TicketRevocations })) {}
