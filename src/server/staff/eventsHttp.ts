import { Effect, Stream } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { MarqueeApi } from "../../api/MarqueeApi.ts"

/** How often an open stream reads the change counter: a sale shows within about this long. */
const CHECK_EVERY = "1 second"
/** A comment every this many checks, so an idle connection is not cut by a proxy. */
const PING_EVERY_CHECKS = 15
/** Checks before the stream ends and the app reconnects: no connection is held for ever by a closed laptop. */
const CHECKS_PER_STREAM = 300

/**
 * `GET /api/PRES-live/events` (src/api/StaffEventsApi.ts): one cheap read a second per open staff app
 * (`last_value` of `live_change_seq`, migration 0045), and an event only when it moved. Behind the staff session,
 * like every live call; no event carries data of any business.
 */
export const LiveEventsHttp = HttpApiBuilder.group(
  MarqueeApi,
  "liveEvents",
  Effect.fn(function* (handlers) {
    const sql = yield* SqlClient.SqlClient
    const version = sql<{ v: string }>`SELECT last_value::text AS v FROM live_change_seq`.pipe(
      Effect.map((rows) => rows[0]?.v ?? "0"),
      Effect.orDie,
    )
    return handlers.handle("events", () =>
      Effect.gen(function* () {
        let last = yield* version
        let checks = 0
        const events = Stream.tick(CHECK_EVERY).pipe(
          Stream.drop(1),
          Stream.take(CHECKS_PER_STREAM),
          Stream.mapEffect(() => version),
          Stream.map((now) => {
            checks += 1
            if (now !== last) {
              last = now
              return `event: change\ndata: ${now}\n\n`
            }
            return checks % PING_EVERY_CHECKS === 0 ? ": ping\n\n" : ""
          }),
          Stream.filter((text) => text !== ""),
        )
        const body = Stream.concat(Stream.succeed(`retry: 3000\nevent: ready\ndata: ${last}\n\n`), events)
        return HttpServerResponse.stream(Stream.encodeText(body), {
          contentType: "text/event-stream",
          headers: { "cache-control": "no-store", "x-accel-buffering": "no" },
        })
      }),
    )
  }),
)
