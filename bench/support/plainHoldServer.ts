/**
 * The seat-locks benchmark's peer: the least a server can do per hold — `node:http`, parse the JSON body, run
 * the ceiling's SQL (one request of `hold_seats_batch`, bench/support/oneHold.ts) on a pool of the same size as
 * Marquee's, answer a status. No validation, no rules, no framework. Body:
 * `{"presentationId": n, "cart": "…", "seatId": n}`; `PUT /lock` and `PUT /unlock`.
 */
import { createServer } from "node:http"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { isHeld, ONE_HOLD_SQL, oneHoldParams } from "./oneHold.ts"

const url = process.env.DATABASE_URL ?? ""
const runtime = ManagedRuntime.make(
  PgClient.layer({ url: Redacted.make(url), maxConnections: Number(process.env.POOL_SIZE ?? 8) }).pipe(
    Layer.orDie,
  ),
)
const query = (statement: string, params: ReadonlyArray<unknown>) =>
  runtime.runPromise(
    Effect.gen(function* () {
      const sql = yield* PgClient.PgClient
      return yield* sql.unsafe<{ outcome: string }>(statement, params)
    }),
  )

const server = createServer((req, res) => {
  let body = ""
  req.on("data", (chunk: Buffer) => {
    body += chunk.toString()
  })
  req.on("end", async () => {
    try {
      const { presentationId, cart, seatId } = JSON.parse(body) as {
        presentationId: number
        cart: string
        seatId: number
      }
      if (req.url === "/lock") {
        const rows = await query(ONE_HOLD_SQL, oneHoldParams(presentationId, cart, seatId))
        res.writeHead(isHeld(rows) ? 200 : 409).end()
      } else {
        await query(
          "DELETE FROM seat_allocations WHERE presentation_id = $1 AND cart_token = $2 AND seat_id = $3",
          [presentationId, cart, seatId],
        )
        res.writeHead(200).end()
      }
    } catch {
      res.writeHead(500).end()
    }
  })
})
server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1", () => {
  console.log(`plain hold server is ready at http://127.0.0.1:${process.env.PORT}/`)
})
