import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject, sign } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { TicketKey } from "../../api/EDocumentsApi.ts"
import { toChainIso } from "../time.ts"

/**
 * The Ed25519 keys that sign e-ticket passes (table `ticket_signing_keys`, migration 0034). SQL lives here alone.
 *
 * - `active`: the key that signs now, made when the first server starts and shared by every server process through the database
 *   (like `db/serverSecret.ts`): the first to insert wins the one-active-key index, the others read its row.
 * - `published`: every key a scanner may meet on a pass that is still valid: the active one and retired ones
 *   until their `published_until`.
 * - `rotate`: retires the active key (published until the day after the last show then on sale starts, so every
 *   pass it signed verifies until it expires) and makes a new one.
 */
export interface SigningKey {
  readonly kid: string
  /** signs the bytes of a pass's `MQT1.<claims>` */
  readonly sign: (message: Uint8Array) => Uint8Array
}

interface KeyRow {
  readonly kid: string
  readonly publicKey: string
  readonly retired: boolean
  readonly publishedUntilMs: number | null
}

/** A new key pair as stored: the kid is the start of the public key's SHA-256, so it names the key it is. */
export const newKeyPair = () => {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519")
  const x = publicKey.export({ format: "jwk" }).x as string
  const kid = `k${createHash("sha256").update(Buffer.from(x, "base64url")).digest("base64url").slice(0, 11)}`
  const pkcs8 = privateKey.export({ format: "der", type: "pkcs8" }).toString("base64")
  return { kid, x, pkcs8 }
}

export class TicketSigningKeys extends Context.Service<
  TicketSigningKeys,
  {
    readonly active: Effect.Effect<SigningKey>
    readonly published: Effect.Effect<ReadonlyArray<TicketKey>>
    readonly rotate: Effect.Effect<SigningKey>
  }
>()("marquee/edocuments/TicketSigningKeys") {
  static readonly layer = Layer.effect(
    TicketSigningKeys,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      // a kid's private key never changes: parse each once per process
      const parsed = new Map<string, KeyObject>()
      const signingKey = (row: { readonly kid: string; readonly privateKey: string }): SigningKey => {
        let key = parsed.get(row.kid)
        if (key === undefined) {
          key = createPrivateKey({ key: Buffer.from(row.privateKey, "base64"), format: "der", type: "pkcs8" })
          parsed.set(row.kid, key)
        }
        const privateKey = key
        return { kid: row.kid, sign: (message) => new Uint8Array(sign(null, message, privateKey)) }
      }

      const insertNew = () => {
        const pair = newKeyPair()
        // losing the race to another process (or another rotation) inserts nothing: theirs is the active key
        return sql`
          INSERT INTO ticket_signing_keys (kid, public_key, private_key)
          VALUES (${pair.kid}, ${pair.x}, ${pair.pkcs8}) ON CONFLICT DO NOTHING`
      }

      const activeRow = sql<{ kid: string; privateKey: string }>`
        SELECT kid, private_key AS "privateKey" FROM ticket_signing_keys WHERE retired_at IS NULL`

      const active = Effect.gen(function* () {
        const found = (yield* activeRow)[0]
        if (found !== undefined) return signingKey(found)
        yield* insertNew()
        const made = (yield* activeRow)[0]
        if (made === undefined) return yield* Effect.die(new Error("ticket_signing_keys has no active key"))
        return signingKey(made)
      }).pipe(Effect.orDie, Effect.withSpan("TicketSigningKeys.active"))

      const published = Effect.gen(function* () {
        const rows = yield* sql<KeyRow>`
          SELECT kid, public_key AS "publicKey", retired_at IS NOT NULL AS retired,
            (extract(epoch FROM published_until) * 1000)::float8 AS "publishedUntilMs"
          FROM ticket_signing_keys
          WHERE retired_at IS NULL OR published_until > marquee_now()
          ORDER BY created_at DESC, kid`
        return rows.map(
          (row): TicketKey => ({
            kty: "OKP",
            crv: "Ed25519",
            alg: "EdDSA",
            use: "sig",
            kid: row.kid,
            x: row.publicKey,
            status: row.retired ? "retired" : "active",
            publishedUntil: row.publishedUntilMs === null ? null : toChainIso(row.publishedUntilMs),
          }),
        )
      }).pipe(Effect.orDie, Effect.withSpan("TicketSigningKeys.published"))

      const rotate = sql
        .withTransaction(
          Effect.gen(function* () {
            yield* sql`
              UPDATE ticket_signing_keys SET retired_at = marquee_now(),
                published_until = greatest(marquee_now(),
                  (SELECT max(starts_at) FROM presentations)) + interval '1 day'
              WHERE retired_at IS NULL`
            yield* insertNew()
          }),
        )
        .pipe(Effect.andThen(active), Effect.orDie, Effect.withSpan("TicketSigningKeys.rotate"))

      // the first key is made as the server starts: a scanner set up before any sale finds it published, and
      // no GET (keys, an e-document) ever writes
      yield* active
      return TicketSigningKeys.of({ active, published, rotate })
    }),
  )
}
