import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { RunningServer } from "./testServer.ts"

/**
 * For race tests on PostgreSQL: runs `take` (a statement that takes a lock: a row `FOR UPDATE`, an advisory lock) in
 * a transaction of the server's own pool, answers once it has run, and keeps the transaction, with its lock, open
 * until `release()`. `done` settles when the transaction has ended.
 */
export const heldOpen = async (
  server: RunningServer,
  take: (sql: SqlClient.SqlClient) => Effect.Effect<unknown, unknown>,
): Promise<{ readonly release: () => void; readonly done: Promise<void> }> => {
  let release!: () => void
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  let taken!: () => void
  const isTaken = new Promise<void>((resolve) => {
    taken = resolve
  })
  const done = server.run(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql.withTransaction(
        Effect.gen(function* () {
          yield* take(sql)
          taken()
          yield* Effect.promise(() => gate)
        }),
      )
    }),
  )
  // a transaction that failed before its lock was taken would otherwise leave the caller waiting for ever
  await Promise.race([isTaken, done])
  return { release, done }
}
