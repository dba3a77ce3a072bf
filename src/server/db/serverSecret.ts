import { randomBytes } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * A named random key (32 bytes, hex), made on first use and shared by every server process through the
 * database's `server_secrets`: the first process to ask creates it, the others read the same row.
 */
export const serverSecret = Effect.fn("serverSecret")(function* (name: string) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    INSERT INTO server_secrets (name, value) VALUES (${name}, ${randomBytes(32).toString("hex")})
    ON CONFLICT (name) DO NOTHING`
  const rows = yield* sql<{ readonly value: string }>`SELECT value FROM server_secrets WHERE name = ${name}`
  const row = rows[0]
  if (row === undefined) return yield* Effect.die(new Error(`server_secrets has no ${name}`))
  return row.value
}, Effect.orDie)
