import { Clock, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { LocaleCode } from "../../api/shared.ts"
import { VodNotFound, type VodPlayback, VodPlaybackRefused } from "../../api/VodApi.ts"
import { playbackRefusal, playbackUntil } from "../../domain/vod/access.ts"
import { toChainIso } from "../time.ts"
import { lockOwnedPurchase, recordPlayback } from "./VodRepo.ts"

/**
 * One playback of the customer's own purchase, in one transaction: the purchase row is locked while the rule
 * (src/domain/vod/access.ts) reads its count, so two presses at once cannot both spend the last play.
 */
export const startPlayback = (input: {
  readonly customerId: number
  readonly purchaseId: string
  readonly lang: LocaleCode
}) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const id = /^\d{1,15}$/.test(input.purchaseId) ? Number(input.purchaseId) : null
    if (id === null) return yield* new VodNotFound({ error: "VOD_NOT_FOUND" })
    return yield* sql.withTransaction(
      Effect.gen(function* () {
        const purchase = yield* lockOwnedPurchase(input.customerId, id, input.lang)
        if (purchase === undefined) return yield* new VodNotFound({ error: "VOD_NOT_FOUND" })
        const nowMs = yield* Clock.currentTimeMillis
        const refusal = playbackRefusal(purchase, nowMs)
        if (refusal !== null) return yield* new VodPlaybackRefused({ error: refusal })
        const expiresAtMs = playbackUntil(purchase, nowMs)
        const token = yield* recordPlayback(purchase.id, expiresAtMs)
        const count = purchase.playbackCount + 1
        return {
          videoUrl: `/api/vod/stream/${token}`,
          expiresAt: toChainIso(expiresAtMs),
          featureName: purchase.featureName,
          playbackCount: count,
          playbackBalance:
            purchase.playbackLimit === null ? null : Math.max(0, purchase.playbackLimit - count),
        } satisfies VodPlayback
      }),
    )
  }).pipe(Effect.catchTag("SqlError", Effect.die))
