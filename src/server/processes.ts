import cluster, { type Worker } from "node:cluster"
import { availableParallelism } from "node:os"
import { Config, Console, Effect, Option } from "effect"
import { CLOCK_OFFSET_ENV, ClockOffset } from "./clock.ts"
import { targetFromConfig } from "./db/database.ts"

/**
 * Several server processes on one machine (issue 20). On PostgreSQL the server runs `WEB_CONCURRENCY` processes
 * (default: the machine's cores) through Node's cluster: the primary prepares the database once (migrations, the
 * demo seed), then forks the workers, which share the listening port and each run the whole server, jobs
 * included. Nothing lives in process memory: holds, limits, sessions, idempotency keys, the outbox and the jobs
 * coordinate through PostgreSQL (row locks, unique keys, `FOR UPDATE SKIP LOCKED`, advisory locks), so the same
 * holds for any number of machines behind a load balancer on one database.
 *
 * The embedded database is one process's: PGlite is PostgreSQL compiled to WebAssembly inside that process, with
 * its data directory open by it alone. Without `DATABASE_URL` the server is always one process.
 */

/** How many processes serve: 1 on the embedded database; else `WEB_CONCURRENCY`, by default the cores. */
export const processCount = Effect.gen(function* () {
  const target = yield* targetFromConfig
  if (target._tag === "Embedded") return 1
  const asked = yield* Config.option(Config.Int("WEB_CONCURRENCY"))
  return Option.match(asked, { onNone: () => availableParallelism(), onSome: (n) => Math.max(1, n) })
})

/** A worker that dies this soon after it started is crashing, not failing once: the primary stops re-forking. */
const CRASH_WINDOW_MS = 5_000
const MAX_QUICK_CRASHES = 5

/**
 * The primary: forks `count` workers on one clock, says the server is ready once every worker listens, forks a
 * worker again when one dies (not in a crash loop), and stops them all when it is interrupted (SIGINT, SIGTERM).
 */
export const runPrimary = (count: number) =>
  Effect.gen(function* () {
    const offsetMs = yield* ClockOffset
    const env = { [CLOCK_OFFSET_ENV]: String(offsetMs), SEED_ON_START: "false" }
    let stopping = false
    let quickCrashes = 0
    const startedAt = new Map<number, number>()
    const listening = new Set<number>()

    const fork = (): Worker => {
      const worker = cluster.fork(env)
      startedAt.set(worker.id, performance.now())
      return worker
    }

    let crashed: (error: Error) => void = () => {}

    // acquiring is uninterruptible, so it only forks; the wait below is what a signal interrupts
    yield* Effect.acquireRelease(
      Effect.sync(() => {
        cluster.on("listening", (worker, address) => {
          if (listening.size === count || listening.has(worker.id)) return
          listening.add(worker.id)
          if (listening.size === count)
            console.log(`Marquee is ready at http://localhost:${address.port}/ (${count} processes)`)
        })
        cluster.on("exit", (worker, code, signal) => {
          if (stopping) return
          const lived = performance.now() - (startedAt.get(worker.id) ?? 0)
          quickCrashes = lived < CRASH_WINDOW_MS ? quickCrashes + 1 : 0
          if (quickCrashes >= MAX_QUICK_CRASHES)
            return crashed(new Error(`server processes keep exiting (last: ${signal ?? code})`))
          console.error(`server process ${worker.process.pid} exited (${signal ?? code}); starting another`)
          fork()
        })
        for (let i = 0; i < count; i++) fork()
      }),
      () =>
        Effect.callback<void>((resume) => {
          stopping = true
          const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined)
          if (alive.length === 0) return resume(Effect.void)
          let left = alive.length
          for (const worker of alive) {
            worker.once("exit", () => {
              left -= 1
              if (left === 0) resume(Effect.void)
            })
            worker.process.kill("SIGTERM")
          }
        }),
    )
    return yield* Effect.callback<never, Error>((resume) => {
      crashed = (error) => resume(Effect.fail(error))
    })
  }).pipe(
    Effect.scoped,
    Effect.tapError((error) => Console.error(error.message)),
  )
