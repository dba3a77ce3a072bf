import { describe, expect, it } from "vitest"
import { type Seatplan, type SeatStatuses, STATUS_CONTENT_TYPE } from "../../../src/api/SeatsApi.ts"
import { decodeStatusBody } from "../../../src/api/statusBitmap.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { emptyRow, seatOf } from "../../_support/emptyRow.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { seatCall } from "../../_support/seatCall.ts"

/**
 * Seat holds through real HTTP on both databases: contention, all-or-nothing multi-seat holds, expiry, the
 * per-cart cap, general admission, and requests that must change nothing.
 */
const databases = bothDatabases("seats")

describe.each(databases)("seat locks on $name", ({ start, concurrent }) => {
  const { isUp, live } = useTestServer(start)
  /** racing carts: fewer on PGlite, which serialises every statement anyway (tests/_support/databases.ts) */
  const CARTS = concurrent ? 200 : 50
  const used: Array<number> = []
  const lock = (cart: string, body: unknown, path: "lock-seat" | "unlock-seat" = "lock-seat") =>
    seatCall(live().baseUrl, path, cart, body)
  const freshRow = async () => {
    const row = await emptyRow(live(), { skip: used })
    used.push(row.presentationId)
    return row
  }
  const holdsOf = async (presentationId: number) =>
    live().query<{ cart: string; seat: number; kind: string }>(
      `SELECT cart_token AS cart, seat_id AS seat, kind FROM seat_allocations
       WHERE presentation_id = $1 AND kind = 'hold' AND expires_at > marquee_now()`,
      [presentationId],
    )

  it(`${CARTS} carts locking one seat at once: exactly one hold`, async (ctx) => {
    if (!isUp()) return ctx.skip()
    const row = await freshRow()
    const carts = await Promise.all(Array.from({ length: CARTS }, () => newCart(live().baseUrl)))
    const responses = await Promise.all(carts.map((cart) => lock(cart, { seat: seatOf(row, 5) })))
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(CARTS - 1)
    const bodies = await Promise.all(responses.filter((r) => r.status === 409).map((r) => r.json()))
    expect(new Set(bodies.map((b: { error: string }) => b.error))).toEqual(new Set(["lock_seat_error"]))
    expect(await holdsOf(row.presentationId)).toHaveLength(1)
  }, 120_000)

  it(`${CARTS * 5} overlapping multi-seat locks in parallel: never a partial hold, never a server error`, async (ctx) => {
    if (!isUp()) return ctx.skip()
    const row = await freshRow()
    const carts = await Promise.all(Array.from({ length: CARTS }, () => newCart(live().baseUrl)))
    const expected = new Map<string, Set<number>>()
    const statuses: Array<number> = []
    // deterministic windows of 2–4 seats over 12 seats; each cart's five requests run in order
    await Promise.all(
      carts.map(async (cart, c) => {
        const mine = new Set<number>()
        expected.set(cart, mine)
        for (let k = 0; k < 5; k++) {
          const size = 2 + ((c + k) % 3)
          const from = (c * 7 + k * 5) % (12 - size + 1)
          const indexes = Array.from({ length: size }, (_, i) => from + i)
          const response = await lock(cart, { seats: indexes.map((i) => seatOf(row, i)) })
          statuses.push(response.status)
          if (response.status === 200) for (const i of indexes) mine.add(row.seatIndexes[i] as number)
          await response.body?.cancel()
        }
      }),
    )
    expect(statuses).toHaveLength(CARTS * 5)
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true)
    const held = await live().query<{ cart: string; seatIndex: number }>(
      `SELECT a.cart_token AS cart, s.seat_index AS "seatIndex" FROM seat_allocations a JOIN seats s ON s.id = a.seat_id
       WHERE a.presentation_id = $1 AND a.kind = 'hold'`,
      [row.presentationId],
    )
    const actual = new Map<string, Set<number>>()
    for (const h of held) actual.set(h.cart, (actual.get(h.cart) ?? new Set()).add(h.seatIndex))
    for (const [cart, seats] of expected)
      expect([...(actual.get(cart) ?? [])].sort()).toEqual([...seats].sort())
    expect(held.length).toBeLessThanOrEqual(12)
  }, 180_000)

  it("an expired hold is taken over by another cart; the first cart can no longer release it", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const row = await freshRow()
    const [first, second] = await Promise.all([newCart(live().baseUrl), newCart(live().baseUrl)])
    expect((await lock(first as string, { seat: seatOf(row, 0) })).status).toBe(200)
    expect((await lock(second as string, { seat: seatOf(row, 0) })).status).toBe(409)
    await live().query(
      `UPDATE seat_allocations SET expires_at = marquee_now() - interval '1 second' WHERE cart_token = $1`,
      [first],
    )
    const takeover = await lock(second as string, { seat: seatOf(row, 0) })
    expect(takeover.status).toBe(200)
    const unlock = await lock(first as string, { seat: seatOf(row, 0) }, "unlock-seat")
    expect(unlock.status).toBe(409)
    expect(await unlock.json()).toMatchObject({ error: "unlock_seat_error" })
    expect((await holdsOf(row.presentationId)).map((h) => h.cart)).toEqual([second])
  }, 60_000)

  it("a cart holds at most 10 seats of a presentation", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const row = await freshRow()
    const cart = await newCart(live().baseUrl)
    const eleven = Array.from({ length: 11 }, (_, i) => seatOf(row, i))
    const tooMany = await lock(cart, { seats: eleven })
    expect(tooMany.status).toBe(409)
    expect(await tooMany.json()).toMatchObject({ error: "seatLimitReached" })
    expect(await holdsOf(row.presentationId)).toHaveLength(0)
    expect((await lock(cart, { seats: eleven.slice(0, 10) })).status).toBe(200)
    const twoMore = await lock(cart, { seats: [seatOf(row, 10), seatOf(row, 11)] })
    expect(await twoMore.json()).toMatchObject({ error: "seatLimitReached" })
    // re-locking seats it already holds is not "more seats": it extends the hold
    expect((await lock(cart, { seat: seatOf(row, 3) })).status).toBe(200)
    expect(await holdsOf(row.presentationId)).toHaveLength(10)
  }, 60_000)

  it("general admission: the server chooses the places and answers lockedSeat", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const [ga] = await live().query<{ presentationId: number; sectionId: number; capacity: number }>(
      `SELECT p.id AS "presentationId", vs.id AS "sectionId", vs.capacity FROM presentations p
       JOIN venues v ON v.id = p.venue_id JOIN venue_sections vs ON vs.seatplan_id = v.seatplan_id
       WHERE NOT vs.is_reserved AND p.is_on_sale AND p.starts_at > marquee_now() + interval '1 day'
       ORDER BY p.starts_at LIMIT 1`,
    )
    if (ga === undefined) throw new Error("no general-admission presentation seeded")
    const cart = await newCart(live().baseUrl)
    const place = {
      PresentationId: ga.presentationId,
      VenueSectionId: ga.sectionId,
      XCoordinate: 0,
      YCoordinate: 0,
    }
    const response = await lock(cart, { seats: [place, { ...place, XCoordinate: 1 }] })
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      lockedSeat: { x: number; y: number }
      lockedSeats: Array<{ x: number }>
    }
    expect(body.lockedSeats).toHaveLength(2)
    expect(body.lockedSeat).toEqual({ x: body.lockedSeats[0]?.x, y: 0 })
    const unlock = await lock(cart, { seat: { ...place, XCoordinate: body.lockedSeat.x } }, "unlock-seat")
    expect(unlock.status).toBe(200)
  }, 60_000)

  it("bad input gets a clear 4xx and holds nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const row = await freshRow()
    const other = await emptyRow(live(), { skip: [...used] })
    const cart = await newCart(live().baseUrl)
    const seat = seatOf(row, 0)
    // the third element is the error code, or for a request the schema refuses, the field its problem names
    const cases: ReadonlyArray<[unknown, number, string | { readonly field: string }]> = [
      [{ seats: [seat, seatOf(other, 0)] }, 400, "mixedPresentations"],
      [{ seats: [seat, seat] }, 400, "duplicateSeat"],
      [{ seat: { ...seat, XCoordinate: -1 } }, 400, { field: "XCoordinate" }],
      [{ seat: { ...seat, YCoordinate: 2.5 } }, 400, { field: "YCoordinate" }],
      [
        { seats: Array.from({ length: 10_000 }, (_, i) => ({ ...seat, XCoordinate: i })) },
        400,
        "tooManySeats",
      ],
      [{ seat: { ...seat, PresentationId: 999_999_999 } }, 404, "noEventFound"],
      [
        { seat: { ...seat, VenueSectionId: other.sectionId === row.sectionId ? 999_999 : other.sectionId } },
        400,
        "unknownSeat",
      ],
      [{ seat: { ...seat, XCoordinate: 99_999 } }, 400, "unknownSeat"],
      [{}, 400, "noSeat"],
    ]
    for (const [body, status, error] of cases) {
      const response = await lock(cart, body)
      expect(response.status, JSON.stringify(body).slice(0, 200)).toBe(status)
      const answer = (await response.json()) as {
        error?: string
        errors?: ReadonlyArray<{ readonly path?: ReadonlyArray<unknown> }>
      }
      if (typeof error === "string") expect(answer.error).toBe(error)
      else
        expect(answer.errors?.map((problem) => problem.path?.join("."))).toContainEqual(
          expect.stringContaining(error.field),
        )
    }
    const noCart = await lock("", { seat })
    expect(noCart.status).toBe(400)
    expect(await noCart.json()).toMatchObject({ error: "RECAPTCHA_REQUIRED" })
    const unknownCart = await lock("not-a-cart", { seat })
    expect(await unknownCart.json()).toMatchObject({ error: "RECAPTCHA_REQUIRED" })
    expect(await holdsOf(row.presentationId)).toHaveLength(0)
    expect(await holdsOf(other.presentationId)).toHaveLength(0)
  }, 60_000)

  it("statuses mark taken, mine and single-seat blocks; cart sync reports held and lost seats", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const row = await freshRow()
    const cart = await newCart(live().baseUrl)
    // seat index 2 of an empty row: taking it would strand seat 1 only if 0 were taken; take 0 first
    expect((await lock(cart, { seat: seatOf(row, 0) })).status).toBe(200)
    const stranding = await lock(cart, { seat: seatOf(row, 2) })
    expect(stranding.status).toBe(409)
    expect(await stranding.json()).toMatchObject({ error: "singleSeatError" })
    const statuses = (await (
      await fetch(`${live().baseUrl}/api/seats/seats-statusV2?presentationId=${row.presentationId}`, {
        headers: { "x-cart-token": cart },
      })
    ).json()) as {
      seats: Array<{
        XCoordinate: number
        YCoordinate: number
        isSelected: boolean
        isSingleSeatBlock: boolean
      }>
      holdExpiresAt: string | null
    }
    const inRow = statuses.seats.filter((s) => s.YCoordinate === row.rowIndex)
    expect(inRow.find((s) => s.XCoordinate === row.seatIndexes[0])?.isSelected).toBe(true)
    expect(inRow.find((s) => s.XCoordinate === row.seatIndexes[2])?.isSingleSeatBlock).toBe(true)
    expect(statuses.holdExpiresAt).not.toBeNull()
    const sync = await fetch(`${live().baseUrl}/api/cart`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-cart-token": cart },
      body: JSON.stringify({
        cart: {
          presentations: [{ presentationId: row.presentationId, seats: [seatOf(row, 0), seatOf(row, 5)] }],
        },
      }),
    })
    const state = (await sync.json()) as {
      presentations: Array<{ held: Array<{ x: number }>; lost: Array<{ x: number }> }>
    }
    expect(state.presentations[0]?.held.map((s) => s.x)).toEqual([row.seatIndexes[0]])
    expect(state.presentations[0]?.lost.map((s) => s.x)).toEqual([row.seatIndexes[5]])
  }, 60_000)

  it("the status bitmap says what seats-statusV2 says, to the cart that holds and to another", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const row = await freshRow()
    const [holder, other] = await Promise.all([newCart(live().baseUrl), newCart(live().baseUrl)])
    expect((await lock(holder, { seat: seatOf(row, 0) })).status).toBe(200)
    expect((await lock(other, { seat: seatOf(row, 5) })).status).toBe(200)
    const base = live().baseUrl
    const { presentation } = (await (
      await fetch(`${base}/api/presentations/${row.presentationId}`)
    ).json()) as {
      presentation: { venueId: number; seatplanId: number }
    }
    const plan = (await (
      await fetch(
        `${base}/api/seats/seatplan?venueId=${presentation.venueId}&seatplanId=${presentation.seatplanId}`,
      )
    ).json()) as Seatplan
    for (const cart of [holder, other]) {
      const headers = { "x-cart-token": cart }
      const query = `presentationId=${row.presentationId}`
      const json = (await (
        await fetch(`${base}/api/seats/seats-statusV2?${query}`, { headers })
      ).json()) as SeatStatuses
      const answer = await fetch(`${base}/api/seats/seats-status-bitmap?${query}`, { headers })
      expect(answer.headers.get("content-type")).toBe(STATUS_CONTENT_TYPE)
      const decoded = decodeStatusBody(new Uint8Array(await answer.arrayBuffer()), plan.seatplan.seats)
      const { serverTime: _a, ...fromJson } = json
      const { serverTime: _b, ...fromBitmap } = decoded
      expect(fromBitmap).toEqual(fromJson)
      // each cart sees its own hold as its own, and the other's as taken
      const own = cart === holder ? 0 : 5
      expect(
        decoded.seats
          .filter((seat) => seat.isSelected && seat.YCoordinate === row.rowIndex)
          .map((s) => s.XCoordinate),
      ).toEqual([row.seatIndexes[own]])
    }
  }, 60_000)
})
