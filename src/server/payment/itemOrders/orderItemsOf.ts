import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { ConfirmationItem } from "../../../api/ReservationsApi.ts"
import type { LocaleCode } from "../../../api/shared.ts"
import { localized } from "../../localized.ts"
import { eTicketPath } from "../outbox.ts"

/**
 * The lines of a voucher, donation, membership or video-on-demand order as its confirmation shows them. What a line issued when
 * the order was paid is in `order_items.details.issued` (an array of codes): a kind that issues codes writes
 * them there in its `fulfil`, so this one reader serves every kind. An issued voucher also has a page of its own
 * (`system_vouchers.document_key`, migration 0059): `documents` links each code to it.
 */
export const orderItemsOf = Effect.fn("ItemOrders.itemsOf")(function* (orderId: number, lang: LocaleCode) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{
    id: string
    kind: ConfirmationItem["kind"]
    name: string | null
    quantity: number
    total: number
    issued: ReadonlyArray<string> | null
  }>`
    SELECT oi.id::text AS id, oi.kind,
      CASE oi.kind WHEN 'voucher' THEN ${localized(sql, "svc.name", lang)}
        WHEN 'donation' THEN ${localized(sql, "d.name", lang)} WHEN 'vod' THEN ${localized(sql, "f.name", lang)}
        ELSE ${localized(sql, "m.name", lang)} END AS name,
      oi.quantity, (oi.quantity * oi.unit_price_agorot)::float8 AS total, oi.details->'issued' AS issued
    FROM order_items oi
    LEFT JOIN system_voucher_classes svc ON oi.kind = 'voucher' AND svc.id = oi.item_id
    LEFT JOIN donations d ON oi.kind = 'donation' AND d.id = oi.item_id
    LEFT JOIN memberships m ON oi.kind = 'membership' AND m.id = oi.item_id
    LEFT JOIN presentations vp ON oi.kind = 'vod' AND vp.id = oi.item_id
    LEFT JOIN features f ON f.id = vp.feature_id
    WHERE oi.reservation_id = ${orderId}
      -- an enrolment's lines are its showings' sold tickets, shown as tickets (enrolmentOrder.ts)
      AND oi.kind <> 'enrolment'
    ORDER BY oi.id`
  const keys = rows.some((row) => row.kind === "voucher")
    ? new Map(
        (yield* sql<{ reference: string; documentKey: string }>`
          SELECT reference, document_key AS "documentKey" FROM system_vouchers
          WHERE purchase_reservation_id = ${orderId} AND document_key IS NOT NULL`).map((v) => [
          v.reference,
          v.documentKey,
        ]),
      )
    : new Map<string, string>()
  return rows.map((row): ConfirmationItem => {
    const issued = Array.isArray(row.issued) ? row.issued.filter((code) => typeof code === "string") : []
    const documents = issued.flatMap((code) => {
      const key = keys.get(code)
      return key === undefined ? [] : [eTicketPath(key)]
    })
    return {
      id: row.id,
      kind: row.kind,
      name: row.name ?? "",
      quantity: row.quantity,
      total: row.total,
      issued,
      // all or none: a page for every code, in their order (vouchers issued before pages existed have none)
      ...(row.kind === "voucher" && issued.length > 0 && documents.length === issued.length
        ? { documents }
        : {}),
    }
  })
}, Effect.orDie)
