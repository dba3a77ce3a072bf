import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted } from "effect"

/**
 * A throwaway database on the PostgreSQL server the integration tests use (127.0.0.1:5432, user postgres,
 * trust auth, unless `TEST_DATABASE_URL` names another server). Each call creates a database of its own
 * and `drop` removes it, so parallel test files never meet.
 *
 * When the server is unreachable the tests are skipped on a developer machine, but fail loudly under CI.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

const withAdmin = <A>(use: (sql: PgClient.PgClient) => Effect.Effect<A, unknown>) =>
  Effect.runPromise(
    Effect.gen(function* () {
      return yield* use(yield* PgClient.PgClient)
    }).pipe(
      Effect.provide(
        PgClient.layer({ url: Redacted.make(ADMIN_URL), maxConnections: 1, connectTimeout: "5 seconds" }),
      ),
    ),
  )

export const postgresReachable = async (): Promise<boolean> => {
  try {
    await withAdmin((sql) => sql`SELECT 1`)
    return true
  } catch (error) {
    if (process.env.CI)
      throw new Error(`PostgreSQL at ${ADMIN_URL} is unreachable under CI: ${String(error)}`)
    return false
  }
}

export interface ScratchDatabase {
  readonly url: string
  readonly drop: () => Promise<void>
}

export const createScratchDatabase = async (label: string): Promise<ScratchDatabase> => {
  const name = `marquee_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  await withAdmin((sql) => sql.unsafe(`CREATE DATABASE ${name}`))
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () =>
      withAdmin((sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  }
}
