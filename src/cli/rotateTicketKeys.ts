import { Effect } from "effect"
import { ServerClockLive } from "../server/clock.ts"
import { clientLayer, runMigrations, targetFromConfig } from "../server/db/database.ts"
import { TicketSigningKeys } from "../server/edocuments/TicketSigningKeys.ts"

/**
 * `npm run rotate-ticket-keys` — the operator's key rotation for e-ticket passes (issue 17), on the database the
 * server uses (`DATABASE_URL`, else the embedded PGlite in `DATA_DIR`, default `./data`).
 *
 * The active signing key is retired and stays published until the day after the last show then on sale starts,
 * so every pass it signed still verifies until that pass expires; a new key signs from now on. Running servers
 * pick the new key up with their next signature (they read the active key from the database). No HTTP call
 * rotates a key: it is an act on the database, with the database's rights. Prints one JSON line: the new kid and
 * every published key, so an operator can hand scanners the new set at once.
 */
const usage = "usage: npm run rotate-ticket-keys  (DATABASE_URL or DATA_DIR as for npm start)"

if (process.argv.slice(2).some((arg) => arg === "--help" || arg === "-h")) {
  console.log(usage)
  process.exit(0)
}
if (process.argv.length > 2) {
  console.error(usage)
  process.exit(2)
}

const rotate = Effect.gen(function* () {
  const keys = yield* TicketSigningKeys
  const rotated = yield* keys.rotate
  const published = yield* keys.published
  console.log(JSON.stringify({ active: rotated.kid, keys: published }))
}).pipe(Effect.provide(TicketSigningKeys.layer))

// the keys' layer reads its table as it is built: a database the server never started on is migrated first
const program = Effect.andThen(runMigrations, rotate)

const target = await Effect.runPromise(targetFromConfig)
await Effect.runPromise(
  program.pipe(Effect.provide(clientLayer(target)), Effect.provide(ServerClockLive), Effect.scoped),
)
