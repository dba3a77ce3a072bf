import { Clock, Config, Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { ClockMoverRef } from "../clock.ts"
import { CLOCK_OFFSET_SETTING } from "../db/database.ts"

/** At most a year either way: a journey moves the clock by hours or days. */
const MAX_MOVE_MS = 366 * 24 * 3_600_000

/**
 * Journeys only: `POST /api/e2e/clock` with `{"byMs": n}` moves the server's clock by n milliseconds (back when
 * negative) and answers the new `now` and `offsetMs`. The route exists only where the server was started with
 * `E2E_CLOCK_MOVES=true` (playwright.config.ts's main server; never `npm start`, whose clock only ever runs): without
 * the switch there is no {@link ClockMoverRef} and this layer adds nothing, so the path is the API's 404.
 *
 * TypeScript reads the moved clock at once; SQL's `marquee_now()` reads the connection setting, which is set again
 * here. That reaches every connection only on the embedded database (PGlite is one session that every virtual
 * connection shares), so the switch refuses to start on PostgreSQL, whose pool would keep the old offset.
 */
export const E2eClockRoute = Layer.unwrap(
  Effect.gen(function* () {
    const mover = yield* ClockMoverRef
    if (mover === null) return Layer.empty
    const databaseUrl = yield* Config.String("DATABASE_URL").pipe(Config.withDefault(""), Effect.orDie)
    if (databaseUrl.trim() !== "")
      return yield* Effect.die(new Error("E2E_CLOCK_MOVES needs the embedded database (DATABASE_URL empty)"))
    return HttpRouter.add("POST", "/api/e2e/clock", () =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const body = (yield* request.json.pipe(Effect.orElseSucceed(() => null))) as { byMs?: unknown } | null
        const byMs = body?.byMs
        if (typeof byMs !== "number" || !Number.isInteger(byMs) || Math.abs(byMs) > MAX_MOVE_MS)
          return HttpServerResponse.jsonUnsafe({ error: "byMs: an integer of milliseconds" }, { status: 400 })
        const offsetMs = mover.moveBy(byMs)
        const sql = yield* SqlClient.SqlClient
        yield* sql.unsafe(`SET ${CLOCK_OFFSET_SETTING} = '${offsetMs}'`).pipe(Effect.orDie)
        const rows = yield* sql<{ now: string }>`SELECT marquee_now()::text AS now`.pipe(Effect.orDie)
        const now = new Date(yield* Clock.currentTimeMillis).toISOString()
        return HttpServerResponse.jsonUnsafe(
          { offsetMs, now, databaseNow: rows[0]?.now ?? null },
          { headers: { "cache-control": "no-store" } },
        )
      }),
    )
  }),
)
