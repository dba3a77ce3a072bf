/**
 * `npm run bench -- load [--buyers 200] [--seconds 60]`
 *
 * Buyers at once on PostgreSQL (issue 20): `buyers` simulated buyers for `seconds`, each walking the shop as a
 * person would, over and over: what's on, a new cart (human check solved), two seats locked; a quarter let them
 * go again (release); the rest commit, a fifth of those change their mind and commit again (the first order is
 * cancelled: voided, its seats back to the cart), then pay by card on the sandbox provider's page. Every call's
 * latency and status are recorded; afterwards the invariant checker (tests/_support/invariants.ts) reads the
 * database: no seat held or sold twice, no payment without its order, no paid order without its seats.
 *
 * Run with one server process and then with two (`WEB_CONCURRENCY`), each on its own copy of one seeded scratch
 * database, so the second run finds the same empty seats and the same small tables as the first (on one database,
 * the second run started where the first had sold, and measured that). The buyers' seats (a row of a showing
 * each) are looked up once, before any clock starts, and handed out from memory: looked up one at a time during the
 * run, the generator's own query over a growing `seat_allocations` paced the buyers (two processes measured 0.44 ×
 * one). The scale-out ratio is requests per second with two over one. Goals: zero 5xx, zero invariant
 * violations, and two processes ≥ 1.3 × the throughput of one on this 2-core machine, where the database and
 * this load generator share the cores with the server.
 */

import { newCart } from "../tests/_support/humanCheck.ts"
import { invariantViolations } from "../tests/_support/invariants.ts"
import { createScratchDatabase, disconnectAll, type ScratchDatabase } from "../tests/_support/postgres.ts"
import { queryOn, startServerProcess, stopServerProcess } from "../tests/_support/serverProcess.ts"
import type { RunningServer } from "../tests/_support/testServer.ts"
import {
  commitCart,
  freshStages,
  openForm,
  payByCard,
  postCommit,
  type Stage,
  seatCall,
} from "../tests/server/payment/_payment.ts"
import { goalsMet } from "./support/goals.ts"

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : Number(process.argv[at + 1])
}
const BUYERS = arg("buyers", 200)
const SECONDS = arg("seconds", 60)
/** rounds of one phase each way, the order swapped every round: the machine's load drifts over minutes */
const ROUNDS = arg("rounds", 2)

type Call = "browse" | "cart" | "lock" | "release" | "commit" | "recommit" | "form" | "pay"

interface Tally {
  readonly latencies: Map<Call, Array<number>>
  requests: number
  serverErrors: number
  failures: number
  paid: number
}

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number)

/** Times one call; a status of 500 or more counts as a server error, a thrown fetch as a failure. */
const timed = async <A>(tally: Tally, call: Call, run: () => Promise<A>, status: (a: A) => number) => {
  const t0 = performance.now()
  try {
    const result = await run()
    const code = status(result)
    tally.requests += 1
    if (code >= 500) tally.serverErrors += 1
    const list = tally.latencies.get(call) ?? []
    list.push(performance.now() - t0)
    tally.latencies.set(call, list)
    return result
  } catch (error) {
    tally.failures += 1
    throw error
  }
}

/**
 * Every stage (an empty row of plain seats at a showing of its own) the run may hand out, looked up once on the
 * seeded database. A buyer needs one to start and another each time its row is sold out: at most one per buyer
 * and one per two commits, so `BUYERS * 4` outlasts a minute at this machine's pace.
 */
const allStages = async (databaseUrl: string): Promise<ReadonlyArray<Stage>> =>
  freshStages({ query: queryOn(databaseUrl) } as RunningServer, [], BUYERS * 4)

/** Hands out `stages` in order, each once; none left: undefined (the buyer stops). */
const stageSupply = (stages: ReadonlyArray<Stage>) => {
  let next = 0
  return (): Stage | undefined => stages[next++]
}

/** One buyer's walk, repeated until the deadline. Seats are taken two at a time along its current row. */
const buyer = async (
  server: RunningServer,
  tally: Tally,
  nextStage: () => Stage | undefined,
  until: number,
  n: number,
) => {
  // the seeded chain has only so many empty rows of plain seats: a buyer with none left stops early
  let stage = nextStage()
  let at = 0
  let round = 0
  while (stage !== undefined && performance.now() < until) {
    round += 1
    if (at + 2 > stage.seatIndexes.length) {
      stage = nextStage()
      at = 0
      if (stage === undefined) break
    }
    const here: Stage = stage
    const seats = [at, at + 1]
    try {
      await timed(
        tally,
        "browse",
        () =>
          fetch(`${server.baseUrl}/api/presentations/?locationId=${here.locationId}`).then(async (r) => {
            await r.text()
            return r
          }),
        (r) => r.status,
      )
      const cart = await timed(
        tally,
        "cart",
        () => newCart(server.baseUrl),
        () => 200,
      )
      const lock = await timed(
        tally,
        "lock",
        () => seatCall(server, "lock-seat", cart, here, seats),
        (r) => r.status,
      )
      await lock.body?.cancel()
      if (lock.status !== 200) continue
      if ((n + round) % 4 === 0) {
        const release = await timed(
          tally,
          "release",
          () => seatCall(server, "unlock-seat", cart, here, seats),
          (r) => r.status,
        )
        await release.body?.cancel()
        continue
      }
      at += 2
      const body = commitCart(here, seats)
      if ((n + round) % 5 === 0) {
        const first = await timed(
          tally,
          "commit",
          () => postCommit(server, cart, crypto.randomUUID(), body),
          (r) => r.status,
        )
        await first.body?.cancel()
      }
      const commit = await timed(
        tally,
        (n + round) % 5 === 0 ? "recommit" : "commit",
        () => postCommit(server, cart, crypto.randomUUID(), body),
        (r) => r.status,
      )
      if (commit.status !== 200) {
        await commit.body?.cancel()
        continue
      }
      const order = (await commit.json()) as { reservationIdentifier: string }
      const form = await timed(
        tally,
        "form",
        () => openForm(server, cart, order.reservationIdentifier),
        () => 200,
      )
      const paid = await timed(
        tally,
        "pay",
        () => payByCard(server, form),
        (r) => r.status,
      )
      if (paid.status === 303) tally.paid += 1
    } catch {
      // counted in `failures`; the buyer goes on with its next round
    }
  }
}

const SERVER_ENV = {
  HUMAN_CHECK_MAX_NUMBER: "50",
  MAX_SEATS_PER_CLIENT: "0",
  MAX_SEATS_PER_CLIENT_MINUTE: "0",
  OUTBOX_SENDER: "false",
}

const phase = async (databaseUrl: string, processes: number, stages: ReadonlyArray<Stage>) => {
  const server = await startServerProcess({
    env: { ...SERVER_ENV, DATABASE_URL: databaseUrl, WEB_CONCURRENCY: String(processes) },
    timeoutMs: 300_000,
  })
  const running = { baseUrl: server.baseUrl, query: queryOn(databaseUrl) } as RunningServer
  const tally: Tally = { latencies: new Map(), requests: 0, serverErrors: 0, failures: 0, paid: 0 }
  try {
    const nextStage = stageSupply(stages)
    const started = performance.now()
    const until = started + SECONDS * 1000
    await Promise.all(Array.from({ length: BUYERS }, (_, n) => buyer(running, tally, nextStage, until, n)))
    return { tally, seconds: (performance.now() - started) / 1000 }
  } finally {
    await stopServerProcess(server)
  }
}

/** A scratch database migrated and seeded by the server itself (one process, stopped again), nobody connected. */
const seededTemplate = async (): Promise<ScratchDatabase & { readonly name: string }> => {
  const database = await createScratchDatabase("load_seed")
  const name = new URL(database.url).pathname.slice(1)
  await stopServerProcess(
    await startServerProcess({ env: { ...SERVER_ENV, DATABASE_URL: database.url }, timeoutMs: 300_000 }),
  )
  await disconnectAll(name)
  return { ...database, name }
}

const main = async () => {
  const template = await seededTemplate()
  const copies: Array<ScratchDatabase> = []
  try {
    const stages = await allStages(template.url)
    await disconnectAll(template.name)
    const copy = async (label: string) => {
      const database = await createScratchDatabase(label, template.name)
      copies.push(database)
      return database.url
    }
    const runs: Record<1 | 2, Array<Awaited<ReturnType<typeof phase>>>> = { 1: [], 2: [] }
    const violations: Record<string, number> = {}
    for (let r = 0; r < ROUNDS; r++)
      for (const processes of r % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const)) {
        const url = await copy(`load_${processes}_${r}`)
        runs[processes].push(await phase(url, processes, stages))
        for (const [name, n] of Object.entries(await invariantViolations(queryOn(url))))
          violations[name] = (violations[name] ?? 0) + n
      }
    /** every round of one kind as one: requests and seconds summed, latencies pooled */
    const pooled = (kind: 1 | 2) => {
      const all = runs[kind]
      const sum = (pick: (run: (typeof all)[number]) => number) => all.reduce((a, run) => a + pick(run), 0)
      const latencies = new Map<Call, Array<number>>()
      for (const run of all)
        for (const [call, list] of run.tally.latencies)
          latencies.set(call, [...(latencies.get(call) ?? []), ...list])
      const seconds = sum((run) => run.seconds)
      return {
        tally: {
          latencies,
          serverErrors: sum((run) => run.tally.serverErrors),
          failures: sum((run) => run.tally.failures),
        },
        requestsPerS: sum((run) => run.tally.requests) / seconds,
        paidPerS: sum((run) => run.tally.paid) / seconds,
        perRound: all.map((run) => Number((run.tally.requests / run.seconds).toFixed(1))),
      }
    }
    const one = pooled(1)
    const two = pooled(2)
    const round = (n: number, digits = 2) => Number(n.toFixed(digits))
    const perCall = Object.fromEntries(
      [...two.tally.latencies].flatMap(([call, list]) => {
        const sorted = [...list].sort((a, b) => a - b)
        return [
          [`${call}_p50_ms`, round(percentile(sorted, 0.5))],
          [`${call}_p99_ms`, round(percentile(sorted, 0.99))],
        ]
      }),
    )
    const result = {
      bench: "load",
      figures: {
        buyers: BUYERS,
        seconds: SECONDS,
        rounds: ROUNDS,
        stages_prepared: stages.length,
        requests_per_s_2_processes: round(two.requestsPerS, 1),
        paid_orders_per_s_2_processes: round(two.paidPerS, 2),
        server_errors: one.tally.serverErrors + two.tally.serverErrors,
        failed_requests: one.tally.failures + two.tally.failures,
        invariant_violations: Object.values(violations).reduce((a, b) => a + b, 0),
        ...Object.fromEntries(Object.entries(violations).map(([name, n]) => [`violations_${name}`, n])),
        // each round's own throughput, to see how far the machine's load moved between rounds
        ...Object.fromEntries(
          one.perRound.map((rate, r) => [`requests_per_s_1_process_round_${r + 1}`, rate]),
        ),
        ...Object.fromEntries(
          two.perRound.map((rate, r) => [`requests_per_s_2_processes_round_${r + 1}`, rate]),
        ),
        ...perCall,
      },
      baselines: {
        requests_per_s_1_process: round(one.requestsPerS, 1),
        paid_orders_per_s_1_process: round(one.paidPerS, 2),
      },
      ratios: { scale_out: round(two.requestsPerS / one.requestsPerS, 3) },
      goals: {
        "figures.server_errors": "<= 0",
        "figures.invariant_violations": "<= 0",
        "ratios.scale_out": ">= 1.3",
      },
      met: false,
    }
    result.met = goalsMet(
      { figures: result.figures, baselines: result.baselines, ratios: result.ratios },
      result.goals,
    )
    console.log(JSON.stringify(result))
  } finally {
    for (const database of copies) await database.drop()
    await template.drop()
  }
}

await main()
