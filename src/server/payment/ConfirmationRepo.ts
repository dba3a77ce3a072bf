import { timingSafeEqual } from "node:crypto"
import { Clock, Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { VoucherBalance, VoucherLookupFailed } from "../../api/PaymentApi.ts"
import type { Confirmation } from "../../api/ReservationsApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import type { OrderKind } from "../../domain/cart/orderKind.ts"
import { eTicketState, showEndsAt } from "../../domain/edocument/ticketState.ts"
import { mayBeOrderIdentifier } from "../../domain/order/orderIdentifier.ts"
import { localized } from "../localized.ts"
import { toChainIso } from "../time.ts"
import { loadVoucher } from "./commitFacts.ts"
import { orderItemsOf } from "./itemOrders/orderItemsOf.ts"
import { eTicketPath } from "./outbox.ts"
import { showingsOf } from "./showingsOf.ts"

/**
 * What a paid order shows: the confirmation page (opened with the order's document key) and the voucher
 * balance the payment step asks for.
 */

/** Constant time: the answer must not tell how many leading characters of a guessed key were right. */
export const keysMatch = (stored: string | null, given: string): boolean => {
  if (stored === null) return false
  const a = Buffer.from(stored)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

interface HeaderRow {
  readonly id: number
  readonly identifier: string
  readonly documentKey: string | null
  readonly purchasedAtMs: number
  readonly orderKind: OrderKind
  readonly orderLocationName: string
  readonly presentationId: number | null
  readonly total: number
  readonly serviceCharge: number
  readonly voucherAmount: number
  readonly serviceChargeLabel: string | null
  readonly referralMiniSiteId: number | null
  /** the box office handed the order's tickets over (spec §4 "collected at box office") */
  readonly collected: boolean
}

export class ConfirmationRepo extends Context.Service<
  ConfirmationRepo,
  {
    /** None unless the order is paid and the key is its document key */
    readonly confirmation: (
      identifier: string,
      key: string,
      lang: LocaleCode,
    ) => Effect.Effect<Option.Option<Confirmation & { readonly id: number }>>
    /** The same, found by the document key alone (spec `/edocument/{documentKey}`: the key is the ticket) */
    readonly byDocumentKey: (
      key: string,
      lang: LocaleCode,
    ) => Effect.Effect<Option.Option<Confirmation & { readonly id: number }>>
    readonly voucherBalance: (
      reference: string,
    ) => Effect.Effect<VoucherBalance, VoucherLookupFailed["error"]>
  }
>()("marquee/payment/ConfirmationRepo") {
  static readonly layer = Layer.effect(
    ConfirmationRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      const confirmation = Effect.fn("ConfirmationRepo.confirmation")(function* (
        identifier: string,
        key: string,
        lang: LocaleCode,
      ) {
        // a mistyped number (wrong check digit) is not found without asking the database
        if (!mayBeOrderIdentifier(identifier)) return Option.none()
        const rows = yield* sql<HeaderRow>`
          SELECT r.id::float8 AS id, r.identifier, r.document_key AS "documentKey",
            (extract(epoch FROM coalesce(r.paid_at, r.purchased_at)) * 1000)::float8 AS "purchasedAtMs",
            r.order_kind AS "orderKind", ${localized(sql, "rl.name", lang)} AS "orderLocationName",
            r.presentation_id AS "presentationId",
            r.total_agorot::float8 AS total, r.service_charge_agorot::float8 AS "serviceCharge",
            r.voucher_agorot::float8 AS "voucherAmount", r.referral_mini_site_id AS "referralMiniSiteId",
            r.collected_at IS NOT NULL AS collected,
            (SELECT ${localized(sql, "sc.name", lang)} FROM service_charges sc
              WHERE sc.kind = 'booking' AND (sc.location_id IS NULL OR sc.location_id = r.location_id)
              ORDER BY sc.id LIMIT 1) AS "serviceChargeLabel"
          FROM reservations r
          JOIN locations rl ON rl.id = r.location_id
          WHERE r.identifier = ${identifier} AND r.payment_status = 'paid'`.pipe(Effect.orDie)
        const head = rows[0]
        if (head === undefined || !keysMatch(head.documentKey, key)) return Option.none()
        const tickets = yield* sql<{
          ticketIdentifier: string
          sectionName: string
          RowName: string | null
          SeatName: string | null
          ticketName: string
          price: number
          serviceCharge: number
          cancelled: boolean
          scanned: boolean
          presentationId: number
        }>`
          SELECT st.id::text AS "ticketIdentifier", ${localized(sql, "vs.name", lang)} AS "sectionName",
            s.row_name AS "RowName", s.seat_name AS "SeatName", ${localized(sql, "t.name", lang)} AS "ticketName",
            st.price_agorot AS price, st.service_charge_agorot AS "serviceCharge",
            st.cancelled_at IS NOT NULL AS cancelled, st.scanned_at IS NOT NULL AS scanned,
            st.presentation_id AS "presentationId"
          FROM sold_tickets st
          JOIN tickets t ON t.id = st.ticket_id
          LEFT JOIN venue_sections vs ON vs.id = st.section_id
          LEFT JOIN seats s ON s.id = st.seat_id
          WHERE st.reservation_id = ${head.id} ORDER BY st.id`.pipe(Effect.orDie)
        const products = yield* sql<{ name: string; quantity: number; total: number }>`
          SELECT ${localized(sql, "pr.name", lang)} AS name, ps.quantity, ps.total_agorot AS total
          FROM product_sales ps JOIN products pr ON pr.id = ps.product_id
          WHERE ps.reservation_id = ${head.id} ORDER BY ps.id`.pipe(Effect.orDie)
        const items = yield* orderItemsOf(head.id, lang).pipe(Effect.provideService(SqlClient.SqlClient, sql))
        const showings = yield* showingsOf(head.id, lang).pipe(
          Effect.provideService(SqlClient.SqlClient, sql),
        )
        const documentKey = head.documentKey as string
        // each ticket's spec §2 state, its show's end read on the server's clock (src/domain/edocument/ticketState.ts)
        const nowMs = yield* Clock.currentTimeMillis
        const endsAt = new Map(
          showings.map((s) => [s.id, showEndsAt(Date.parse(s.dateTime), s.durationMinutes)] as const),
        )
        return Option.some({
          id: head.id,
          reservationIdentifier: head.identifier,
          status: "paid" as const,
          purchasedAt: toChainIso(head.purchasedAtMs),
          orderKind: head.orderKind,
          locationName: head.orderLocationName,
          items,
          presentation: showings.find((s) => s.id === head.presentationId) ?? null,
          showings,
          tickets: tickets.map(({ cancelled, scanned, ...t }) => ({
            ...t,
            sectionName: t.sectionName ?? "",
            state: eTicketState(
              {
                cancelled,
                scanned,
                collected: head.collected,
                showEndsMs: endsAt.get(t.presentationId) ?? Number.POSITIVE_INFINITY,
              },
              nowMs,
            ),
          })),
          products,
          total: head.total,
          serviceCharge: head.serviceCharge,
          serviceChargeLabel: head.serviceChargeLabel ?? "",
          voucherAmount: head.voucherAmount,
          // the entrance scanner looks the order up by identifier; the ticket count catches a doctored code
          qrPayload: `MQ1:${head.identifier}:${tickets.length}`,
          eDocumentUrl: eTicketPath(documentKey),
          ...(head.referralMiniSiteId === null ? {} : { referralMiniSiteId: head.referralMiniSiteId }),
        })
      })

      const voucherBalance = Effect.fn("ConfirmationRepo.voucherBalance")(function* (reference: string) {
        const voucher = yield* loadVoucher(reference)
        if (Option.isNone(voucher)) return yield* Effect.fail("codeNotFound" as const)
        const v = voucher.value
        if (!v.active) return yield* Effect.fail("voucherNotActive" as const)
        if (!v.valid) return yield* Effect.fail("voucherExpired" as const)
        if (v.balance === null || v.balance <= 0) return yield* Effect.fail("voucherBalance" as const)
        return {
          payment: {
            reference: v.reference,
            id: v.id,
            systemVoucherItemId: v.classId,
            balance: v.balance,
            benefitName: v.benefitName,
            expiresAt: v.endsOn,
          },
        } satisfies VoucherBalance
      })

      const byDocumentKey = Effect.fn("ConfirmationRepo.byDocumentKey")(function* (
        key: string,
        lang: LocaleCode,
      ) {
        const rows = yield* sql<{ identifier: string }>`
          SELECT identifier FROM reservations WHERE document_key = ${key} AND payment_status = 'paid'`.pipe(
          Effect.orDie,
        )
        const found = rows[0]
        return found === undefined ? Option.none() : yield* confirmation(found.identifier, key, lang)
      })

      return ConfirmationRepo.of({
        confirmation,
        byDocumentKey,
        voucherBalance: (reference) =>
          voucherBalance(reference).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
      })
    }),
  )
}
