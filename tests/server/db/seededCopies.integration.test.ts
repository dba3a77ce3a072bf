import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bothDatabases, type StartedServer } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"

/**
 * Test files start their servers on copies of one database migrated and seeded per run
 * (tests/_support/seededTemplates.ts), not on databases each migrates and seeds for itself.
 */
const migrationsOf = (server: RunningServer) =>
  server.query<{ count: number; first: string }>(
    `SELECT count(*)::int AS count, min(created_at)::text AS first FROM effect_sql_migrations`,
  )

const countOf = async (server: RunningServer, statement: string): Promise<number> =>
  Number((await server.query<{ n: number }>(statement))[0]?.n)

const startServers = (count: number, start: () => Promise<StartedServer | undefined>) => {
  const servers: Array<StartedServer> = []
  beforeAll(async () => {
    for (let i = 0; i < count; i++) {
      const started = await start()
      if (started !== undefined) servers.push(started)
    }
  })
  afterAll(async () => {
    for (const started of servers) {
      await started.server.close()
      await started.cleanup()
    }
  })
  return servers
}

describe.each(bothDatabases("copies"))("seeded copies on $name", ({ start }) => {
  const servers = startServers(2, start)

  it("come from one migration run, hold the demo chain, and keep their writes to themselves", async (ctx) => {
    const [first, second] = servers
    if (first === undefined || second === undefined) return ctx.skip()
    // a database migrated on its own records its own instant; two copies of one template record the same
    const migrated = await migrationsOf(first.server)
    expect(migrated[0]?.count).toBeGreaterThan(0)
    expect(await migrationsOf(second.server)).toEqual(migrated)
    for (const { server } of servers) {
      expect(await countOf(server, `SELECT count(*)::int AS n FROM locations`)).toBeGreaterThan(0)
    }
    await first.server.query(`INSERT INTO server_secrets (name, value) VALUES ('copy-only', 'first')`)
    const mine = `SELECT count(*)::int AS n FROM server_secrets WHERE name = 'copy-only'`
    expect(await countOf(first.server, mine)).toBe(1)
    expect(await countOf(second.server, mine)).toBe(0)
  })
})

describe.each(bothDatabases("empty", { start: "empty" }))("an empty database on $name", ({ start }) => {
  const servers = startServers(1, start)

  it("is migrated and holds no demo chain", async (ctx) => {
    const [empty] = servers
    if (empty === undefined) return ctx.skip()
    expect((await migrationsOf(empty.server))[0]?.count).toBeGreaterThan(0)
    expect(await countOf(empty.server, `SELECT count(*)::int AS n FROM locations`)).toBe(0)
  })
})
