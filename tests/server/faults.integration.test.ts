import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { postgresDatabase } from "../_support/databases.ts"
import { newCart } from "../_support/humanCheck.ts"
import { invariantViolations } from "../_support/invariants.ts"
import { postgresReachable, type ScratchDatabase } from "../_support/postgres.ts"
import {
  queryOn,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from "../_support/serverProcess.ts"
import type { RunningServer } from "../_support/testServer.ts"
import {
  commitCart,
  freshStage,
  openForm,
  payByCard,
  postCommit,
  type Stage,
  seatCall,
} from "./payment/_payment.ts"

/**
 * Faults (issue 20): buyers commit and pay while the server process is killed (SIGKILL: no shutdown, requests
 * cut mid-way) and its database connections are dropped mid-transaction, round after round. The points of
 * failure are drawn from a seeded generator (`FAULT_SEED`, printed) and counted in answers, not in time, so a
 * run is repeatable. A last process reconciles what the provider captured; then the invariant checker must find
 * nothing: no seat held or sold twice, no money without its order or a refund, no paid order without its seats,
 * no confirmation queued twice.
 */
const SEED = Number(process.env.FAULT_SEED ?? 20_261_125)
const ROUNDS = 4
const BUYERS = 6

/** mulberry32: a small seeded generator, enough to choose fault points repeatably. */
const generator = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const killed = (server: ServerProcess): Promise<void> =>
  new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve()
    server.child.once("exit", () => resolve())
    server.child.kill("SIGKILL")
  })

describe("faults injected while buyers commit and pay", () => {
  let database: ScratchDatabase | undefined
  let last: ServerProcess | undefined
  const env = (url: string) => ({
    DATABASE_URL: url,
    HUMAN_CHECK_MAX_NUMBER: "50",
    MAX_SEATS_PER_CLIENT: "0",
    MAX_SEATS_PER_CLIENT_MINUTE: "0",
    OUTBOX_SENDER: "false",
  })

  beforeAll(async () => {
    if (!(await postgresReachable())) return
    database = await postgresDatabase("faults")
  })

  afterAll(async () => {
    await stopServerProcess(last)
    await database?.drop()
  })

  it("leaves no seat sold twice, no money without its order, no order without its seats", async (ctx) => {
    if (database === undefined) return ctx.skip()
    console.log(`faults: FAULT_SEED=${SEED}`)
    const random = generator(SEED)
    const query = queryOn(database.url)
    const used: Array<number> = []
    let answers = 0
    let paid = 0
    // requests the faults cut off (no answer, or one the client could not use)
    let cut = 0

    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServerProcess({ env: env(database.url) })
      const running = { baseUrl: server.baseUrl, query } as RunningServer
      // the fault points of this round, in answers the buyers received
      // (a round has at most 96: six buyers, four two-seat orders each, four answers an order)
      const dropAt = answers + 8 + Math.floor(random() * 20)
      const killAt = dropAt + 15 + Math.floor(random() * 40)
      let dropped = false
      const answered = async () => {
        answers += 1
        if (!dropped && answers >= dropAt) {
          dropped = true
          // every connection of the server, whatever it is doing: open transactions roll back
          await query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          )
        }
        if (answers >= killAt) await killed(server)
      }
      const stages: Array<Stage> = []
      for (let i = 0; i < BUYERS; i++) stages.push(await freshStage(running, used))
      await Promise.all(
        stages.map(async (stage) => {
          for (let at = 0; at + 2 <= stage.seatIndexes.length; at += 2) {
            if (server.child.exitCode !== null || server.child.signalCode !== null) return
            try {
              const cart = await newCart(server.baseUrl)
              const seats = [at, at + 1]
              const lock = await seatCall(running, "lock-seat", cart, stage, seats)
              await answered()
              if (lock.status !== 200) continue
              const commit = await postCommit(running, cart, crypto.randomUUID(), commitCart(stage, seats))
              await answered()
              if (commit.status !== 200) continue
              const order = (await commit.json()) as { reservationIdentifier: string }
              const form = await openForm(running, cart, order.reservationIdentifier)
              await answered()
              if ((await payByCard(running, form)).status === 303) paid += 1
              await answered()
            } catch {
              cut += 1
              // the process died or its connection dropped under this request: the next one finds out
            }
          }
        }),
      )
      await killed(server)
    }

    // a last process reconciles at start: whatever the provider captured completes or is given back
    last = await startServerProcess({ env: env(database.url) })
    await expect
      .poll(
        async () =>
          (
            await query<{ n: number }>(
              `SELECT count(*)::int AS n FROM payments p JOIN reservations r ON r.id = p.reservation_id
               WHERE p.state = 'captured' AND r.payment_status = 'awaitingPayment'`,
            )
          )[0]?.n,
        { timeout: 60_000, interval: 500 },
      )
      .toBe(0)
    console.log(
      `faults: ${ROUNDS} kills and ${ROUNDS} dropped connections over ${answers} answers (${cut} cut off), ${paid} paid`,
    )
    expect(paid).toBeGreaterThan(0)
    expect(await invariantViolations(query)).toEqual({
      seatsHeldTwice: 0,
      paidWithoutPayment: 0,
      capturedWithoutOrder: 0,
      ticketsWithoutSeat: 0,
      orderSeatsUnsold: 0,
      confirmationsTwice: 0,
    })
  }, 300_000)
})
