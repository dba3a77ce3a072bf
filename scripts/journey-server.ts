/**
 * `node scripts/journey-server.ts SEEDED_DIR`: one of the journeys' servers (playwright.config.ts `webServer`) on an
 * embedded database copied from one seeded for both of them, instead of each migrating and seeding its own: the
 * seed was most of a server's start (about 18 of its 21 CPU seconds on this 2-core machine, on a copy 3 s).
 *
 * The first of the two to take the lock (`SEEDED_DIR.lock`) migrates and seeds `SEEDED_DIR` exactly as the server
 * does on its first start (the same layers: `DemoDataOnFirstStart` on `DatabaseLive`'s embedded database, read from
 * its own environment), closes it and copies it into its `DATA_DIR`; the other waits for `SEEDED_DIR.ready`, copies
 * it in turn and removes it. Then each runs src/server/main.ts with its own settings, which finds its database
 * migrated and seeded. Nothing the seed writes depends on a setting the two servers differ in (hold length,
 * verification, saved cards, locales, a movable clock): it reads only `SEED_JOURNEYS`, `SEED_ON_START` and the
 * clock's `MARQUEE_CLOCK_START`, which they share.
 *
 * The clock: a server anchors `MARQUEE_CLOCK_START` to the moment it starts; here that moment is the script's start,
 * before the seed, and it is handed to the server (`MARQUEE_CLOCK_OFFSET_MS`, the offset a clustered server's primary
 * hands its workers), so the seed's timestamps and the server's clock are one clock, as when the server seeds itself.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { setTimeout as sleep } from "node:timers/promises"
import { Effect, Layer } from "effect"
import { CLOCK_OFFSET_ENV, offsetStartingAt, parseClockStart, ServerClockLive } from "../src/server/clock.ts"
import { databaseLayer } from "../src/server/db/database.ts"
import { DemoDataOnFirstStart } from "../src/server/db/seed/onFirstStart.ts"

const seededDir = process.argv[2]
const dataDir = process.env.DATA_DIR
if (seededDir === undefined || dataDir === undefined || (process.env.DATABASE_URL ?? "") !== "") {
  console.error("usage: DATA_DIR=... node scripts/journey-server.ts SEEDED_DIR (the embedded database only)")
  process.exit(2)
}

const start = process.env.MARQUEE_CLOCK_START?.trim() ?? ""
if (start !== "" && process.env[CLOCK_OFFSET_ENV] === undefined)
  process.env[CLOCK_OFFSET_ENV] = String(offsetStartingAt(Effect.runSync(parseClockStart(start))))

const ready = `${seededDir}.ready`
const failed = `${seededDir}.failed`

const seed = () =>
  Effect.runPromise(
    Layer.build(
      DemoDataOnFirstStart.pipe(Layer.provide(databaseLayer({ _tag: "Embedded", dataDir: seededDir }))),
    ).pipe(Effect.scoped, Effect.provide(ServerClockLive)),
  )

const waitForSeed = async () => {
  // as long as Playwright waits for a server (playwright.config.ts `webServer.timeout`)
  const deadline = Date.now() + 420_000
  while (!existsSync(ready)) {
    if (existsSync(failed))
      throw new Error(`seeding the journeys' database failed: ${readFileSync(failed, "utf8")}`)
    if (Date.now() > deadline) throw new Error(`no seeded journeys' database in ${seededDir}`)
    await sleep(100)
  }
}

let seeds: boolean
try {
  mkdirSync(`${seededDir}.lock`)
  seeds = true
} catch {
  seeds = false
}
if (seeds) {
  try {
    await seed()
    cpSync(seededDir, dataDir, { recursive: true })
  } catch (error) {
    writeFileSync(failed, String(error))
    throw error
  }
  writeFileSync(ready, "")
} else {
  await waitForSeed()
  cpSync(seededDir, dataDir, { recursive: true })
  // the other server copied it before saying it was ready: no one reads it any more
  rmSync(seededDir, { recursive: true, force: true })
}

await import("../src/server/main.ts")
