import { describe, expect, it } from "vitest"
import type { Confirmation } from "../../../src/api/ReservationsApi.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { committedOrder, openForm, orderState, payByCard } from "../payment/_payment.ts"

/**
 * Issue 17, the e-ticket's states (spec §2; src/domain/edocument/ticketState.ts), on both databases: each ticket
 * of an order's e-document says what the sales tables record of it (cancelled, scanned at the entrance, collected
 * at the box office) or, failing that, whether its show has ended by the server's clock (expired) — the seeded
 * customer-area orders of every state, a fresh order collected at the box office, and a show's end read to the
 * minute on the server's pinned clock.
 */
const databases = bothDatabases("ticketstates")

const edocument = async (server: RunningServer, key: string): Promise<Confirmation> => {
  const response = await fetch(`${server.baseUrl}/api/edocuments/${key}?lang=en`)
  expect(response.status, key).toBe(200)
  return (await response.json()) as Confirmation
}
const statesOf = async (server: RunningServer, key: string) =>
  (await edocument(server, key)).tickets.map((ticket) => ticket.state)

/** A seeded customer-area order (src/server/db/seed/customerArea.ts) the condition picks, by its document key. */
const seededKey = async (server: RunningServer, where: string): Promise<string> => {
  const rows = await server.query<{ key: string }>(
    `SELECT r.document_key AS key FROM reservations r JOIN presentations p ON p.id = r.presentation_id
     WHERE r.document_key IS NOT NULL AND r.payment_status = 'paid' AND r.order_kind = 'tickets' AND ${where}
     ORDER BY r.id LIMIT 1`,
  )
  const key = rows[0]?.key
  if (key === undefined) throw new Error(`no seeded order where ${where}`)
  return key
}

const NOTHING_RECORDED = `r.collected_at IS NULL AND NOT EXISTS (SELECT 1 FROM sold_tickets st
  WHERE st.reservation_id = r.id AND (st.scanned_at IS NOT NULL OR st.cancelled_at IS NOT NULL))`

describe.each(databases)("e-ticket states on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("the seeded orders of each state: active, expired, scanned, collected, cancelled", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const upcoming = await seededKey(
      server,
      `p.starts_at > marquee_now() + interval '1 day' AND ${NOTHING_RECORDED}`,
    )
    expect(new Set(await statesOf(server, upcoming))).toEqual(new Set(["active"]))
    const over = await seededKey(
      server,
      `p.starts_at < marquee_now() - interval '1 day' AND ${NOTHING_RECORDED}`,
    )
    expect(new Set(await statesOf(server, over))).toEqual(new Set(["expired"]))
    // used at the door, then the show ended: still "scanned", what happened comes before the clock
    const scanned = await seededKey(
      server,
      `p.starts_at < marquee_now() AND EXISTS (SELECT 1 FROM sold_tickets st WHERE st.reservation_id = r.id
        AND st.scanned_at IS NOT NULL)`,
    )
    expect(new Set(await statesOf(server, scanned))).toEqual(new Set(["scanned"]))
    const collected = await seededKey(server, `r.collected_at IS NOT NULL AND p.starts_at > marquee_now()`)
    expect(new Set(await statesOf(server, collected))).toEqual(new Set(["collected"]))
    const cancelled = await seededKey(server, `r.cancelled_at IS NOT NULL`)
    expect(new Set(await statesOf(server, cancelled))).toEqual(new Set(["cancelled"]))
  })

  it("an order collected at the box office says so on its e-document and its confirmation", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order } = await committedOrder(live(), used, 2)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect((await payByCard(live(), form)).status).toBe(303)
    const key = (await orderState(live(), order.reservationIdentifier))?.documentKey as string
    expect(await statesOf(live(), key)).toEqual(["active", "active"])
    await live().query(`UPDATE reservations SET collected_at = marquee_now() WHERE identifier = $1`, [
      order.reservationIdentifier,
    ])
    expect(await statesOf(live(), key)).toEqual(["collected", "collected"])
    const confirmation = (await (
      await fetch(`${live().baseUrl}/api/reservations/${order.reservationIdentifier}?key=${key}&lang=en`)
    ).json()) as Confirmation
    expect(confirmation.tickets.map((ticket) => ticket.state)).toEqual(["collected", "collected"])
  })

  it("expired from the minute the show ends on the server's clock, not before", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const key = await seededKey(
      server,
      `p.starts_at > marquee_now() + interval '2 days' AND ${NOTHING_RECORDED}
        AND NOT EXISTS (SELECT 1 FROM reservations o WHERE o.presentation_id = r.presentation_id AND o.id <> r.id)`,
    )
    const [row] = await server.query<{ presentation: number; minutes: number }>(
      `SELECT p.id AS presentation, coalesce(f.duration_minutes, 240) AS minutes
       FROM reservations r JOIN presentations p ON p.id = r.presentation_id JOIN features f ON f.id = p.feature_id
       WHERE r.document_key = $1`,
      [key],
    )
    const startAgo = (minutes: number) =>
      server.query(
        `UPDATE presentations SET starts_at = marquee_now() - make_interval(mins => $2) WHERE id = $1`,
        [row?.presentation, minutes],
      )
    // the film's length minus a minute ago: still on, the pass admits
    await startAgo((row?.minutes ?? 0) - 1)
    expect(new Set(await statesOf(server, key))).toEqual(new Set(["active"]))
    await startAgo((row?.minutes ?? 0) + 1)
    const over = await edocument(server, key)
    expect(new Set(over.tickets.map((ticket) => ticket.state))).toEqual(new Set(["expired"]))
  })

  it("names its showing's venue brand, so the wallet's copy speaks it offline (issues 17 and 19)", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const atLocation = (location: string) =>
      seededKey(server, `p.venue_id IN (SELECT v.id FROM venues v WHERE v.location_id ${location})`)
    // Jerusalem Station, the family brand's cinema (src/server/db/seed/catalogue.ts)
    const family = await edocument(server, await atLocation("= 1173"))
    expect(family.presentation?.locationBrand).toBe("family")
    for (const showing of family.showings ?? []) expect(showing.locationBrand).toBe("family")
    const plain = await edocument(server, await atLocation("NOT IN (1173, 1181)"))
    expect(plain.presentation?.locationBrand).toBeNull()
  })
})
