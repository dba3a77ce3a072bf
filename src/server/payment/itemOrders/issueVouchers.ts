import { randomBytes, randomInt } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { voucherDocumentKey } from "../../../domain/edocument/voucherDocument.ts"

/**
 * Issues the vouchers a paid order bought, inside the transaction that marks it paid (OrdersRepo.markPaid):
 * one `system_vouchers` row per voucher, each with an unguessable code (its `reference`, what the buyer types
 * at the payment step or the box office), worth what was paid for it (a money voucher) or the class's tickets
 * (a ticket voucher). Valid from the server's today (Asia/Jerusalem days, `marquee_now()`) for the class's
 * `validity_days` days, that day included. The codes go to `order_items.details.issued`, which the confirmation
 * and the e-document show; each voucher also gets its own e-document key (`document_key`, migration 0059), whose
 * page shows that voucher alone (src/server/edocuments/VoucherDocuments.ts). A line is claimed by setting its
 * `fulfilled_at`, so it is issued once even if the payment were completed twice.
 */

/** Crockford's base32 without look-alikes (no I, L, O, U): read aloud and typed without confusion. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

/** "MQ-" and 12 random characters in three groups: 60 bits, from the operating system's secure source. */
export const newVoucherCode = (): string => {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)] as string)
  return `MQ-${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}-${chars.slice(8).join("")}`
}

export const issueVouchers = Effect.fn("ItemOrders.issueVouchers")(function* (orderId: number) {
  const sql = yield* SqlClient.SqlClient
  const lines = yield* sql<{
    id: string
    classId: number
    quantity: number
    unitPrice: number
    customerId: number | null
    ticketQuantity: number | null
    validityDays: number
  }>`
    UPDATE order_items oi SET fulfilled_at = marquee_now()
    FROM system_voucher_classes c
    WHERE oi.reservation_id = ${orderId} AND oi.kind = 'voucher' AND oi.fulfilled_at IS NULL AND c.id = oi.item_id
    RETURNING oi.id::text AS id, oi.item_id AS "classId", oi.quantity, oi.unit_price_agorot AS "unitPrice",
      (oi.details->>'customerId')::integer AS "customerId", c.ticket_quantity AS "ticketQuantity",
      c.validity_days AS "validityDays"`
  for (const line of lines) {
    const codes = Array.from({ length: line.quantity }, newVoucherCode)
    const isMoney = line.ticketQuantity === null
    for (const code of codes)
      yield* sql`
        INSERT INTO system_vouchers (reference, system_voucher_class_id, customer_id, balance_agorot, tickets_left,
          starts_on, ends_on, created_at, initial_balance_agorot, initial_tickets, paid_agorot,
          purchase_reservation_id, document_key)
        VALUES (${code}, ${line.classId}, ${line.customerId}, ${isMoney ? line.unitPrice : null},
          ${line.ticketQuantity}, (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date,
          (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date + ${line.validityDays - 1}, marquee_now(),
          ${isMoney ? line.unitPrice : null}, ${line.ticketQuantity}, ${line.unitPrice}, ${orderId},
          ${voucherDocumentKey(randomBytes(24).toString("base64url"))})`
    yield* sql`
      UPDATE order_items SET details = details || jsonb_build_object('issued', ${JSON.stringify(codes)}::jsonb)
      WHERE id = ${line.id}`
  }
}, Effect.orDie)
