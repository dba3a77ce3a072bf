import { createHash, randomBytes } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { LocaleCode } from "../../api/shared.ts"
import { localized } from "../localized.ts"

/**
 * The SQL of video-on-demand playback (tables `vod_purchases`, migration 0028, and `vod_playbacks`, 0036). Every
 * read of a purchase names its owner, so another customer's id reads as nothing.
 */

export interface OwnedPurchase {
  readonly id: number
  readonly featureName: string
  readonly fromMs: number
  readonly untilMs: number
  readonly playbackLimit: number | null
  readonly playbackCount: number
}

/** The purchase, locked for the playback being counted; undefined when it is not this customer's. */
export const lockOwnedPurchase = Effect.fn("VodRepo.lockOwned")(function* (
  customerId: number,
  purchaseId: number,
  lang: LocaleCode,
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<OwnedPurchase>`
    SELECT vp.id::float8 AS id, ${localized(sql, "f.name", lang)} AS "featureName",
      (extract(epoch FROM vp.available_from) * 1000)::float8 AS "fromMs",
      (extract(epoch FROM vp.available_until) * 1000)::float8 AS "untilMs",
      vp.playback_limit AS "playbackLimit", vp.playback_count AS "playbackCount"
    FROM vod_purchases vp JOIN features f ON f.id = vp.feature_id
    WHERE vp.id = ${purchaseId} AND vp.customer_id = ${customerId}
    FOR UPDATE OF vp`
  return rows[0]
})

export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("base64url")

/** Counts one playback and records its token (only its hash is kept); answers the token. */
export const recordPlayback = Effect.fn("VodRepo.recordPlayback")(function* (
  purchaseId: number,
  expiresAtMs: number,
) {
  const sql = yield* SqlClient.SqlClient
  const token = randomBytes(24).toString("base64url")
  yield* sql`
    UPDATE vod_purchases SET playback_count = playback_count + 1, last_playback_at = marquee_now()
    WHERE id = ${purchaseId}`
  yield* sql`
    INSERT INTO vod_playbacks (purchase_id, token_hash, started_at, expires_at)
    VALUES (${purchaseId}, ${tokenHash(token)}, marquee_now(), ${new Date(expiresAtMs).toISOString()}::timestamptz)`
  return token
})

/** Whether a token opens a video now: issued, not lapsed, and its purchase's window still open. */
export const playbackOpen = Effect.fn("VodRepo.playbackOpen")(function* (token: string) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ open: boolean }>`
    SELECT (pb.expires_at > marquee_now() AND vp.available_until > marquee_now()
      AND vp.available_from <= marquee_now()) AS open
    FROM vod_playbacks pb JOIN vod_purchases vp ON vp.id = pb.purchase_id
    WHERE pb.token_hash = ${tokenHash(token)}`
  const row = rows[0]
  return row === undefined ? ("unknown" as const) : row.open ? ("open" as const) : ("lapsed" as const)
})
