import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, inject } from "vitest"
import { createScratchDatabase, postgresReachable, type ScratchDatabase } from "./postgres.ts"
import { type SeedRun, seededPgliteCopy, seededPostgresCopy } from "./seededTemplates.ts"
import {
  embeddedTarget,
  postgresTarget,
  type RunningServer,
  startTestServer,
  type TestServerOptions,
} from "./testServer.ts"

export interface StartedServer {
  readonly server: RunningServer
  readonly cleanup: () => Promise<void>
  /**
   * Closes the server and starts another on the same database, with these options over the first's (a clock
   * moved to another day, as the next server process would read it); answers the new one.
   */
  readonly restart?: (options: TestServerOptions) => Promise<RunningServer>
}

/**
 * What a test's database starts as. `copy` (the default): a copy of the run's seeded demo chain, ready at
 * once. `fresh`: a new database that the server migrates and seeds itself (for a test about that path).
 * `empty`: migrated, nothing seeded (for a test that arranges all of its own data).
 */
export type DatabaseStart = "copy" | "fresh" | "empty"

/** The run's seeded templates; undefined when Vitest ran without tests/_support/globalSetup.ts. */
const seedRun = (): SeedRun | undefined => inject("seedRun")

/** A PGlite data directory for `start`; the caller removes it. Without a run to copy from, a fresh one. */
export const embeddedDataDir = (label: string, start: DatabaseStart = "copy"): Promise<string> => {
  const run = seedRun()
  if (start === "copy" && run !== undefined) return seededPgliteCopy(run, label)
  return Promise.resolve(mkdtempSync(join(tmpdir(), `marquee-${label}-`)))
}

/** A PostgreSQL database for `start`; the caller drops it. Without a run to copy from, a fresh one. */
export const postgresDatabase = (label: string, start: DatabaseStart = "copy"): Promise<ScratchDatabase> => {
  const run = seedRun()
  if (start === "copy" && run !== undefined) return seededPostgresCopy(run, label)
  return createScratchDatabase(label)
}

/**
 * The two databases every server test runs on, for `describe.each`: the embedded PGlite in a temporary
 * directory, and a database on the PostgreSQL server (`start` answers undefined when that server is
 * unreachable on a developer machine; under CI it fails instead). `options` also go to `startTestServer` (its clock).
 */
export const bothDatabases = (
  label: string,
  options: TestServerOptions & { readonly start?: DatabaseStart } = {},
) => {
  const from = options.start ?? "copy"
  const seed = from !== "empty"
  return [
    {
      name: "embedded PGlite",
      /**
       * PGlite runs one statement at a time on one connection: a race there is the server's own (its batcher, its
       * locks in memory), the database's is proven on PostgreSQL. Tests that send hundreds of racing requests
       * send fewer here (each costs several times what it costs on PostgreSQL).
       */
      concurrent: false,
      start: async (): Promise<StartedServer | undefined> => {
        const dir = await embeddedDataDir(label, from)
        const server = await startTestServer(embeddedTarget(dir), { ...options, seed })
        return {
          server,
          cleanup: async () => rmSync(dir, { recursive: true, force: true }),
          restart: (others) => startTestServer(embeddedTarget(dir), { ...options, ...others, seed }),
        }
      },
    },
    {
      name: "PostgreSQL",
      concurrent: true,
      start: async (): Promise<StartedServer | undefined> => {
        if (!(await postgresReachable())) return undefined
        const database = await postgresDatabase(label, from)
        const server = await startTestServer(postgresTarget(database.url), { ...options, seed })
        return {
          server,
          cleanup: database.drop,
          restart: (others) => startTestServer(postgresTarget(database.url), { ...options, ...others, seed }),
        }
      },
    },
  ] as const
}

/**
 * The describe block's server: started before its tests on `start`'s database, closed and dropped after them.
 * `isUp()` is false where PostgreSQL is unreachable on a developer machine (tests then skip themselves).
 */
export const useTestServer = (start: () => Promise<StartedServer | undefined>) => {
  let started: StartedServer | undefined
  // no timeout of its own: the config's hookTimeout allows for building the run's template
  beforeAll(async () => {
    started = await start()
  })
  afterAll(async () => {
    await started?.server.close()
    await started?.cleanup()
  })
  return {
    isUp: (): boolean => started !== undefined,
    /** the describe block's server closed and another started on its database (StartedServer.restart) */
    restart: async (options: TestServerOptions): Promise<RunningServer> => {
      const current = started
      if (current?.restart === undefined) throw new Error("server not started, or not restartable")
      await current.server.close()
      const server = await current.restart(options)
      started = { ...current, server }
      return server
    },
    live: (): RunningServer => {
      if (started === undefined) throw new Error("server not started")
      return started.server
    },
  }
}
