import { describe, expect, it } from "vitest"
import { siteConfig } from "../../src/server/config/siteConfig.ts"
import { bothDatabases, useTestServer } from "../_support/databases.ts"
import { emptyRow, seatOf } from "../_support/emptyRow.ts"
import { newCart } from "../_support/humanCheck.ts"
import { PINNED_NOW } from "../_support/pinnedClock.ts"
import type { RunningServer } from "../_support/testServer.ts"

/**
 * The server's one clock (src/server/clock.ts, migration 0019), through real HTTP on both databases: started at
 * a pinned instant, the seed, the what's-on list, seat holds and the SQL functions all read that instant (and
 * the minutes since), never the machine's date.
 */
const HOLD_SECONDS = siteConfig("").params["665"].chooseSeatsInSeconds
/** how far the pinned clock may have run between the server's start and a check (seeding included) */
const SLACK_MS = 10 * 60_000
const json = { "content-type": "application/json" }

/** the chain-local date of a wire `dateTime` (`2026-11-24T19:30:00+02:00`) */
const localDate = (dateTime: string) => dateTime.slice(0, 10)

const getJson = async <A>(server: RunningServer, path: string): Promise<A> => {
  const response = await fetch(`${server.baseUrl}${path}`)
  expect(response.status).toBe(200)
  return (await response.json()) as A
}

type Listed = { readonly presentations: ReadonlyArray<{ readonly id: number; readonly dateTime: string }> }

/** the first and last chain-local days the seed laid presentations on */
const seededDays = async (server: RunningServer) =>
  (
    await server.query<{ first: string; last: string }>(
      `SELECT min((starts_at AT TIME ZONE 'Asia/Jerusalem')::date)::text AS first,
         max((starts_at AT TIME ZONE 'Asia/Jerusalem')::date)::text AS last FROM presentations`,
    )
  )[0]

describe.each(bothDatabases("clock", { clockStart: PINNED_NOW }))(
  "the server's clock pinned at 2026-11-24 10:00 Jerusalem on $name",
  ({ start }) => {
    const { isUp, live } = useTestServer(start)
    const pinned = Date.parse(PINNED_NOW)

    it("reads the pinned instant in TypeScript and in SQL", async (ctx) => {
      if (!isUp()) return ctx.skip()
      const { serverTime } = await getJson<{ serverTime: string }>(live(), "/api/config")
      expect(Date.parse(serverTime)).toBeGreaterThanOrEqual(pinned)
      expect(Date.parse(serverTime)).toBeLessThan(pinned + SLACK_MS)
      const [sql] = await live().query<{ ms: number }>(
        `SELECT (extract(epoch FROM marquee_now()) * 1000)::float8 AS ms`,
      )
      expect(Math.abs((sql?.ms ?? 0) - Date.parse(serverTime))).toBeLessThan(60_000)
    })

    it("lays the seed's schedule around the pinned day: 14 days back, 14 ahead", async (ctx) => {
      if (!isUp()) return ctx.skip()
      expect(await seededDays(live())).toEqual({ first: "2026-11-10", last: "2026-12-08" })
    })

    it("lists on /api/presentations what starts from the pinned time on, and nothing before it", async (ctx) => {
      if (!isUp()) return ctx.skip()
      const { presentations } = await getJson<Listed>(live(), "/api/presentations/")
      expect(presentations.length).toBeGreaterThan(0)
      for (const p of presentations) expect(Date.parse(p.dateTime)).toBeGreaterThanOrEqual(pinned)
      // 10:00 Jerusalem has just passed: the 10:00 shows are gone, the 10:30 ones are the first on sale
      expect(presentations[0]?.dateTime).toBe("2026-11-24T10:30:00+02:00")
      const [started] = await live().query<{ count: number }>(
        `SELECT count(*)::int AS count FROM presentations WHERE starts_at = $1::timestamptz`,
        ["2026-11-24T10:00:00+02:00"],
      )
      expect(started?.count).toBeGreaterThan(0)
      expect(presentations.some((p) => p.dateTime === "2026-11-24T10:00:00+02:00")).toBe(false)
    })

    it("gives a seat hold the pinned clock's deadline, in SQL and on the wire", async (ctx) => {
      if (!isUp()) return ctx.skip()
      const row = await emptyRow(live())
      const cart = await newCart(live().baseUrl)
      const seat = seatOf(row, 3)
      const locked = await fetch(`${live().baseUrl}/api/seats/lock-seat`, {
        method: "PUT",
        headers: { ...json, "x-cart-token": cart },
        body: JSON.stringify({ seat }),
      })
      expect(locked.status).toBe(200)
      const { expiresAt } = (await locked.json()) as { expiresAt: string }
      expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(pinned + HOLD_SECONDS * 1000)
      expect(Date.parse(expiresAt)).toBeLessThan(pinned + HOLD_SECONDS * 1000 + SLACK_MS)
      const synced = await fetch(`${live().baseUrl}/api/cart`, {
        method: "POST",
        headers: { ...json, "x-cart-token": cart },
        body: JSON.stringify({
          cart: { presentations: [{ presentationId: row.presentationId, seats: [seat] }] },
        }),
      })
      expect(synced.status).toBe(200)
      const state = (await synced.json()) as {
        presentations: ReadonlyArray<{ expiresAt: string | null }>
        serverTime: string
      }
      // the deadline SQL wrote, seen from the clock TypeScript reads: the hold's seconds, less the moments since
      const left = (Date.parse(state.presentations[0]?.expiresAt ?? "") - Date.parse(state.serverTime)) / 1000
      expect(left).toBeGreaterThan(HOLD_SECONDS - 60)
      expect(left).toBeLessThanOrEqual(HOLD_SECONDS + 1)
    })

    it("leaves no SQL function reading the database's own now()", async (ctx) => {
      if (!isUp()) return ctx.skip()
      const inSchema = `p.pronamespace = (SELECT n.oid FROM pg_namespace n WHERE n.nspname = current_schema())`
      const calling = async (pattern: string) =>
        (
          await live().query<{ name: string }>(
            `SELECT p.proname AS name FROM pg_proc p WHERE ${inSchema} AND p.prosrc ~ $1 ORDER BY 1`,
            [pattern],
          )
        ).map((f) => f.name)
      // only marquee_now() reads now() ([[:<:]], the start of a word, does not match inside "marquee_now()")
      expect(await calling("[[:<:]]now[(][)]")).toEqual(["marquee_now"])
      // those that read now() before migration 0019 and are still there (0071 dropped hold_seats), among any
      // added since
      expect(await calling("marquee_now[(][)]")).toEqual(
        expect.arrayContaining(["hold_ga_places", "hold_seats_batch", "seat_allocations_order_guard"]),
      )
    })
  },
)

describe.each(bothDatabases("clockmidnight", { clockStart: "2026-11-24T21:59:00Z" }))(
  "the server's clock pinned at 23:59 Jerusalem on $name",
  ({ start }) => {
    const { isUp, live } = useTestServer(start)

    it("is still on 2026-11-24: the seed's today and today's what's-on are that day", async (ctx) => {
      if (!isUp()) return ctx.skip()
      expect(await seededDays(live())).toEqual({ first: "2026-11-10", last: "2026-12-08" })
      const today = await getJson<Listed>(live(), "/api/seats/presentations?date=2026-11-24")
      expect(today.presentations.length).toBeGreaterThan(0)
      expect(new Set(today.presentations.map((p) => localDate(p.dateTime)))).toEqual(new Set(["2026-11-24"]))
      // every show of the day has begun by 23:59, so what is on sale now starts tomorrow
      const upcoming = await getJson<Listed>(live(), "/api/presentations/")
      expect(localDate(upcoming.presentations[0]?.dateTime ?? "")).toBe("2026-11-25")
      for (const p of upcoming.presentations)
        expect(Date.parse(p.dateTime)).toBeGreaterThanOrEqual(Date.parse("2026-11-24T21:59:00Z"))
    })
  },
)
