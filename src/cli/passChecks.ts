import { createPublicKey, verify } from "node:crypto"
import type { TicketKeys, TicketRevocations } from "../api/EDocumentsApi.ts"
import { judgePass, type PassVerdict } from "../domain/edocument/ticketPass.ts"

/**
 * The checks of a door scanner, in Node: the published keys (`GET /api/edocuments/keys`, RFC 8037 JWKs) as
 * Ed25519 verifiers, and the revocation list as a set. Nothing here asks the network: both come in as data.
 */
export const verifiersFrom = (keys: TicketKeys) => {
  const byKid = new Map(
    keys.keys.map((jwk) => {
      const publicKey = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: "jwk" })
      return [
        jwk.kid,
        (message: Uint8Array, signature: Uint8Array) => verify(null, message, publicKey, signature),
      ] as const
    }),
  )
  return (kid: string) => byKid.get(kid)
}

/** A scanned pass judged against a copy of the keys and of the revocation list, at `now` (Unix seconds). */
export const checkPass = (
  text: string,
  keys: TicketKeys,
  revocations: TicketRevocations,
  now: number,
): PassVerdict => {
  const revoked = new Set(revocations.revoked)
  return judgePass(text, {
    verifierFor: verifiersFrom(keys),
    isRevoked: (ticket) => revoked.has(ticket),
    now,
  })
}
