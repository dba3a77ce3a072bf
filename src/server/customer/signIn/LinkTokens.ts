import { createHash, randomBytes } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import {
  CustomerTokenError,
  CustomerTokenExpired,
  CustomerTokenRedeemed,
} from "../../../api/CustomerSignInApi.ts"

/**
 * The `/customer/{token}` links (spec §2): 32 random bytes, kept only as SHA-256, valid 30 minutes, single use.
 * Redeeming is one `UPDATE … WHERE redeemed_at IS NULL … RETURNING`, so two clicks at once sign in once: the
 * second finds the row redeemed and is told so.
 */

export const LINK_MINUTES = 30
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex")

export class LinkTokens extends Context.Service<
  LinkTokens,
  {
    /** a new link token for this customer (the path is `/customer/{token}`) */
    readonly issue: (customerId: number) => Effect.Effect<string>
    readonly redeem: (
      token: string,
    ) => Effect.Effect<number, CustomerTokenError | CustomerTokenExpired | CustomerTokenRedeemed>
  }
>()("marquee/customer/LinkTokens") {
  static readonly layer = Layer.effect(
    LinkTokens,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      const issue = Effect.fn("LinkTokens.issue")(function* (customerId: number) {
        const token = randomBytes(32).toString("base64url")
        yield* sql`
          INSERT INTO customer_link_tokens (token_hash, customer_id, expires_at)
          VALUES (${tokenHash(token)}, ${customerId}, marquee_now() + make_interval(mins => ${LINK_MINUTES}))`
        return token
      }, Effect.orDie)

      const redeem = Effect.fn("LinkTokens.redeem")(function* (token: string) {
        const hash = tokenHash(token.trim())
        const redeemed = yield* sql<{ customerId: number }>`
          UPDATE customer_link_tokens SET redeemed_at = marquee_now()
          WHERE token_hash = ${hash} AND redeemed_at IS NULL AND expires_at > marquee_now()
          RETURNING customer_id AS "customerId"`.pipe(Effect.orDie)
        const won = redeemed[0]
        if (won !== undefined) return won.customerId
        const rows = yield* sql<{ redeemed: boolean }>`
          SELECT redeemed_at IS NOT NULL AS redeemed FROM customer_link_tokens WHERE token_hash = ${hash}`.pipe(
          Effect.orDie,
        )
        const row = rows[0]
        if (row === undefined) return yield* new CustomerTokenError({ error: "CUSTOMER_TOKEN_ERROR" })
        if (row.redeemed) return yield* new CustomerTokenRedeemed({ error: "CUSTOMER_TOKEN_REDEEMED" })
        return yield* new CustomerTokenExpired({ error: "CUSTOMER_TOKEN_EXPIRED" })
      })

      return LinkTokens.of({ issue, redeem })
    }),
  )
}
