import { execFileSync } from "node:child_process"
import { get } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { postgresDatabase } from "../_support/databases.ts"
import { newCart } from "../_support/humanCheck.ts"
import { postgresReachable, type ScratchDatabase } from "../_support/postgres.ts"
import {
  queryOn,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from "../_support/serverProcess.ts"
import type { RunningServer } from "../_support/testServer.ts"
import { freshStage, seatCall } from "./payment/_payment.ts"

/**
 * `WEB_CONCURRENCY=2` on PostgreSQL (src/server/processes.ts): a primary and two workers sharing the port. Holds
 * coordinate through the database, so carts racing for one seat through both workers get it once; a worker that
 * dies is replaced while the other keeps answering; stopping the primary stops them all.
 */
const workersOf = (pid: number): ReadonlyArray<number> => {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map(Number)
  } catch {
    // pgrep exits 1 when nothing matches
    return []
  }
}

/**
 * A GET on a connection of its own (no keep-alive pool); 0 when the connection fails or is not answered within
 * 2 s: a connection the primary handed to the worker just as it died is never answered (a client's or load
 * balancer's timeout and retry is what saves it), so the check asks again.
 */
const statusOnNewConnection = (url: string): Promise<number> =>
  new Promise((resolve) => {
    const request = get(url, { agent: false }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.setTimeout(2_000, () => {
      request.destroy()
      resolve(0)
    })
    request.on("error", () => resolve(0))
  })

describe("several server processes on one PostgreSQL", () => {
  let database: ScratchDatabase | undefined
  let primary: ServerProcess | undefined

  beforeAll(async () => {
    if (!(await postgresReachable())) return
    database = await postgresDatabase("processes")
    primary = await startServerProcess({
      env: {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: "2",
        HUMAN_CHECK_MAX_NUMBER: "200",
        OUTBOX_SENDER: "false",
        MAX_SEATS_PER_CLIENT: "0",
        MAX_SEATS_PER_CLIENT_MINUTE: "0",
      },
    })
  }, 180_000)

  afterAll(async () => {
    await stopServerProcess(primary)
    await database?.drop()
  })

  it("serves from two workers, and a seat raced by twelve carts through both is held once", async (ctx) => {
    if (database === undefined || primary === undefined) return ctx.skip()
    const pid = primary.child.pid as number
    expect(workersOf(pid)).toHaveLength(2)
    const server = { baseUrl: primary.baseUrl, query: queryOn(database.url) } as RunningServer
    const stage = await freshStage(server, [])
    const carts = await Promise.all(Array.from({ length: 12 }, () => newCart(primary?.baseUrl as string)))
    const answers = await Promise.all(carts.map((cart) => seatCall(server, "lock-seat", cart, stage, [0])))
    expect(answers.filter((response) => response.status === 200)).toHaveLength(1)
    const holders = await server.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM seat_allocations WHERE presentation_id = $1 AND cart_token = ANY ($2::text[])`,
      [stage.presentationId, `{${carts.join(",")}}`],
    )
    expect(holders[0]?.n).toBe(1)
  })

  it("replaces a worker that dies while the other keeps answering; stopping the primary stops all", async (ctx) => {
    if (database === undefined || primary === undefined) return ctx.skip()
    const pid = primary.child.pid as number
    const [victim, survivor] = workersOf(pid) as [number, number]
    process.kill(victim, "SIGKILL")
    // on a new connection each time: a kept-alive one to the killed worker is reset, as it would be for any client
    const base = primary.baseUrl
    await expect.poll(() => statusOnNewConnection(`${base}/api/config`), { timeout: 30_000 }).toBe(200)
    await expect
      .poll(() => workersOf(pid).filter((worker) => worker !== victim).length, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(2)
    expect(workersOf(pid)).toContain(survivor)
    const workers = workersOf(pid)
    await stopServerProcess(primary)
    primary = undefined
    for (const worker of workers) expect(() => process.kill(worker, 0)).toThrow()
  })
})
