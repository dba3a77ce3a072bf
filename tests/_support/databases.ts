import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { createScratchDatabase, postgresReachable } from "./postgres.ts"
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
}

/**
 * The two databases every server test runs on, for `describe.each`: the embedded PGlite in a fresh temporary
 * directory, and a scratch database on the PostgreSQL server (`start` answers undefined when that server is
 * unreachable on a developer machine; under CI it fails instead). `options` go to `startTestServer` (its clock).
 */
export const bothDatabases = (label: string, options: TestServerOptions = {}) =>
  [
    {
      name: "embedded PGlite",
      start: async (): Promise<StartedServer | undefined> => {
        const dir = mkdtempSync(join(tmpdir(), `marquee-${label}-`))
        const server = await startTestServer(embeddedTarget(dir), options)
        return { server, cleanup: async () => rmSync(dir, { recursive: true, force: true }) }
      },
    },
    {
      name: "PostgreSQL",
      start: async (): Promise<StartedServer | undefined> => {
        if (!(await postgresReachable())) return undefined
        const database = await createScratchDatabase(label)
        const server = await startTestServer(postgresTarget(database.url), options)
        return { server, cleanup: database.drop }
      },
    },
  ] as const

/**
 * The describe block's server: started before its tests on `start`'s database, closed and dropped after them.
 * `isUp()` is false where PostgreSQL is unreachable on a developer machine (tests then skip themselves).
 */
export const useTestServer = (start: () => Promise<StartedServer | undefined>) => {
  let started: StartedServer | undefined
  beforeAll(async () => {
    started = await start()
  }, 180_000)
  afterAll(async () => {
    await started?.server.close()
    await started?.cleanup()
  })
  return {
    isUp: (): boolean => started !== undefined,
    live: (): RunningServer => {
      if (started === undefined) throw new Error("server not started")
      return started.server
    },
  }
}
