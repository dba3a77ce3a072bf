import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import {
  committedOrder,
  freshStage,
  holdSeats,
  openForm,
  orderState,
  payByCard,
} from "../payment/_payment.ts"
import { liveGet, STAFF, staffToken } from "./_staff.ts"

/**
 * Issue 18: a hold and a sale made through the shop show in the live numbers at once (the attendance calls read
 * the seats themselves, no batch in between), on both databases.
 */
type BoxRow = { PresentationId: number; SoldQuantity: number; HeldQuantity: number }

/** the presentation's row in its venue's box, as the staff app asks for it */
const boxRow = async (server: RunningServer, token: string, presentationId: number): Promise<BoxRow> => {
  const [where] = await server.query<{ date: string; location_id: number; venue_id: number }>(
    `SELECT to_char(p.starts_at AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM-DD') AS date, v.location_id, p.venue_id
     FROM presentations p JOIN venues v ON v.id = p.venue_id WHERE p.id = $1`,
    [presentationId],
  )
  const answer = await liveGet<{ presentations: ReadonlyArray<BoxRow> }>(
    server,
    token,
    `/PRES-live/attendanceByDatePresentationBox/${where?.date}/${where?.location_id}/venues/${where?.venue_id}`,
  )
  const row = answer.body.presentations.find((p) => p.PresentationId === presentationId)
  if (row === undefined) throw new Error(`presentation ${presentationId} not in its box`)
  return row
}

describe.each(bothDatabases("stafflivesales"))("live numbers follow the shop on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("counts a cart's hold as held at once, and no longer once it is let go", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const token = await staffToken(server, STAFF.admin.username)
    const stage = await freshStage(server, used)
    const before = await boxRow(server, token, stage.presentationId)
    const cart = await newCart(server.baseUrl)
    await holdSeats(server, cart, stage, [0, 1, 2])
    const held = await boxRow(server, token, stage.presentationId)
    expect(held.HeldQuantity - before.HeldQuantity).toBe(3)
    expect(held.SoldQuantity).toBe(before.SoldQuantity)
    // a lapsed hold is free again: it no longer counts
    await server.query(
      `UPDATE seat_allocations SET expires_at = marquee_now() - interval '1 second'
       WHERE presentation_id = $1 AND kind = 'hold'`,
      [stage.presentationId],
    )
    expect((await boxRow(server, token, stage.presentationId)).HeldQuantity).toBe(before.HeldQuantity)
  })

  it("counts a paid order's seats as sold as soon as it is paid", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const token = await staffToken(server, STAFF.admin.username)
    const { stage, cart, order } = await committedOrder(server, used, 2)
    const committed = await boxRow(server, token, stage.presentationId)
    const form = await openForm(server, cart, order.reservationIdentifier, "card")
    expect((await payByCard(server, form)).status).toBe(303)
    expect((await orderState(server, order.reservationIdentifier))?.paymentStatus).toBe("paid")
    const paid = await boxRow(server, token, stage.presentationId)
    expect(paid.SoldQuantity + paid.HeldQuantity).toBe(committed.SoldQuantity + committed.HeldQuantity)
    const sold = await server.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM seat_allocations WHERE presentation_id = $1 AND kind = 'sale'`,
      [stage.presentationId],
    )
    expect(paid.SoldQuantity).toBe(sold[0]?.n)
    expect(paid.SoldQuantity).toBeGreaterThanOrEqual(2)
  })
})
