import type { CommitSeatLine } from "../../../src/domain/cart/commitCart.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { type Stage, seatLine } from "./_payment.ts"

/** Ticket vouchers, members and references on commit seat lines, as the ticket step puts them there. */

/** A ticket voucher of the seeded ticket-voucher class (20), valid from yesterday unless `expired`. */
export const ticketVoucher = async (server: RunningServer, tickets: number, expired = false) => {
  const reference = `TV-${crypto.randomUUID().slice(0, 8).toUpperCase()}`
  const [from, to] = expired ? [-40, -10] : [-1, 30]
  await server.query(
    `INSERT INTO system_vouchers (reference, system_voucher_class_id, tickets_left, starts_on, ends_on, created_at)
     VALUES ($1, 20, $2, (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date + $3::int,
       (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date + $4::int, marquee_now())`,
    [reference, tickets, from, to],
  )
  return reference
}

export const ticketsLeft = async (server: RunningServer, reference: string) =>
  (
    await server.query<{ left: number }>(
      `SELECT tickets_left AS left FROM system_vouchers WHERE reference = $1`,
      [reference],
    )
  )[0]?.left

/** The line applyCode makes for a seat the voucher pays: price 0, the full price as oldPrice. */
export const voucherLine = (stage: Stage, i: number, reference: string): CommitSeatLine =>
  seatLine(stage, i, {
    amount: 0 as never,
    oldPrice: stage.ticket.price as never,
    appliedDiscount: stage.ticket.price as never,
    code: reference,
    systemVoucher: reference,
  })

export const referenceUsed = async (server: RunningServer, ticketId: number, reference1: string) =>
  (
    await server.query<{ used: number }>(
      `SELECT used FROM ticket_reference_options WHERE ticket_id = $1 AND reference1 = $2`,
      [ticketId, reference1],
    )
  )[0]?.used

export const orderStatuses = (server: RunningServer, cart: string) =>
  server
    .query<{ paymentStatus: string }>(
      `SELECT payment_status AS "paymentStatus" FROM reservations WHERE cart_token = $1 ORDER BY id`,
      [cart],
    )
    .then((rows) => rows.map((row) => row.paymentStatus))
