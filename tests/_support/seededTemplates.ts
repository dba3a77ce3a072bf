import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { Effect, Layer, Redacted } from "effect"
import { type DatabaseTarget, databaseLayer } from "../../src/server/db/database.ts"
import { seedIfEmpty } from "../../src/server/db/seed/seed.ts"
import {
  createDatabase,
  createScratchDatabase,
  databaseUrl,
  disconnectAll,
  type ScratchDatabase,
} from "./postgres.ts"
import { seedToday } from "./seedToday.ts"

/**
 * Seed once, copy per test file. Migrating and seeding the demo chain costs seconds per database; copying a
 * seeded one costs a file copy. One Vitest run owns one folder and one PostgreSQL template name (handed out
 * by tests/_support/globalSetup.ts, which removes both at the end). The first test file that asks for a
 * seeded database builds the template under a lock; the others wait for it and copy it. So a run of unit
 * tests alone seeds nothing.
 */
export interface SeedRun {
  /** the run's folder: the seeded PGlite directory and the lock and ready markers live here */
  readonly dir: string
  /** the name the run's PostgreSQL template database gets once a test file asks for it */
  readonly postgresTemplate: string
}

declare module "vitest" {
  export interface ProvidedContext {
    seedRun: SeedRun
  }
}

/** Migrates `target` and seeds the demo chain into it, then closes every connection to it. */
export const migrateAndSeed = (target: DatabaseTarget): Promise<void> =>
  Effect.runPromise(
    Effect.scoped(
      Layer.build(
        Layer.effectDiscard(seedIfEmpty({ seed: 1, scale: 1, today: seedToday() }).pipe(Effect.orDie)).pipe(
          Layer.provide(databaseLayer(target)),
        ),
      ),
    ),
  ).then(() => undefined)

// as long as vitest.config.ts lets a hook run
const WAIT_MS = 600_000
const POLL_MS = 100

/** Waits until the file-holder's `ready` marker exists; fails with its `failed` marker's text. */
const waitForMarker = async (ready: string, failed: string): Promise<void> => {
  const deadline = Date.now() + WAIT_MS
  while (!existsSync(ready)) {
    if (existsSync(failed))
      throw new Error(`seeding the run's template failed: ${readFileSync(failed, "utf8")}`)
    if (Date.now() > deadline) throw new Error(`no seeded template after ${WAIT_MS} ms (${ready})`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

export type TemplateKind = "pglite" | "postgres"

/** The marker that says `kind`'s build ended, well or not (the build writes it; a crashed build writes none). */
export const templateMarkers = (run: SeedRun, kind: TemplateKind) => ({
  ready: join(run.dir, `${kind}.ready`),
  failed: join(run.dir, `${kind}.failed`),
})

/** Runs `build` once per run across every worker process: `mkdir` is the lock, a file says it is done. */
const oncePerRun = async (run: SeedRun, name: TemplateKind, build: () => Promise<void>): Promise<void> => {
  const { ready, failed } = templateMarkers(run, name)
  if (existsSync(ready)) return
  try {
    mkdirSync(join(run.dir, `${name}.lock`))
  } catch {
    return waitForMarker(ready, failed)
  }
  try {
    await build()
    writeFileSync(ready, "")
  } catch (error) {
    writeFileSync(failed, String(error))
    throw error
  }
}

const pgliteTemplateDir = (run: SeedRun) => join(run.dir, "pglite")

/**
 * The embedded template is copied once per test file, so its size is paid some sixty times a run. Seeding leaves
 * about 177 MB of write-ahead log beside 93 MB of data, kept by PostgreSQL for reuse; with `wal_recycle` off and a
 * small `min_wal_size` the shutdown's checkpoint removes it instead, and each copy is 110 MB instead of 270 MB.
 * (The server's own embedded database, `npm start`'s, is created with PGlite's defaults: src/server/db/database.ts.)
 */
const SMALL_WAL =
  "\n# tests/_support/seededTemplates.ts: copied per test file\nwal_recycle = off\nmin_wal_size = 32MB\n"

const pgliteTemplate = (run: SeedRun): Promise<void> =>
  oncePerRun(run, "pglite", async () => {
    const dataDir = pgliteTemplateDir(run)
    // created here first, as the server would (`${dataDir}/pglite`), to set the log's size before the seed writes it
    mkdirSync(dataDir, { recursive: true })
    const created = await PGlite.create(join(dataDir, "pglite"))
    await created.close()
    appendFileSync(join(dataDir, "pglite", "postgresql.conf"), SMALL_WAL)
    await migrateAndSeed({ _tag: "Embedded", dataDir })
  })

const postgresTemplate = (run: SeedRun): Promise<void> =>
  oncePerRun(run, "postgres", async () => {
    // the template is created empty here and dropped by the global teardown (`.lock` says it may exist)
    const template = run.postgresTemplate
    await createDatabase(template)
    await migrateAndSeed({ _tag: "Postgres", url: Redacted.make(databaseUrl(template)) })
    await disconnectAll(template)
  })

/**
 * One of the run's templates, built ahead of the first test file that needs it: tests/_support/globalSetup.ts
 * starts each in a process of its own (buildTemplate.ts) while the unit tests run, so the workers copy at once
 * instead of waiting for each other's build. Without PostgreSQL (a developer machine) only the embedded one.
 */
export const buildTemplate = (run: SeedRun, kind: TemplateKind): Promise<void> =>
  kind === "pglite" ? pgliteTemplate(run) : postgresTemplate(run)

/** A fresh directory holding a copy of the run's seeded PGlite data; the caller removes it. */
export const seededPgliteCopy = async (run: SeedRun, label: string): Promise<string> => {
  await pgliteTemplate(run)
  const dir = mkdtempSync(join(tmpdir(), `marquee-${label}-`))
  cpSync(pgliteTemplateDir(run), dir, { recursive: true })
  return dir
}

/** A new PostgreSQL database copied from the run's seeded template (`CREATE DATABASE … TEMPLATE`). */
export const seededPostgresCopy = async (run: SeedRun, label: string): Promise<ScratchDatabase> => {
  await postgresTemplate(run)
  return createScratchDatabase(label, run.postgresTemplate)
}
