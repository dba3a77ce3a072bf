import { Temporal } from "@js-temporal/polyfill"
import { Clock, Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import {
  SystemVoucherNotFound,
  SystemVoucherRefused,
  type VoucherCancelResult,
  type VoucherHistory,
  type VoucherHistoryEntry,
  type VoucherReplacement,
} from "../../api/CustomerAreaVouchersApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { voucherCancellable, voucherReplaceable } from "../../domain/customerArea/states.ts"
import { chainToday, toChainIso } from "../time.ts"
import { loadVouchers, stateOf, type VoucherRow } from "./AreaVouchers.ts"
import { addCredit, creditBalance } from "./credit.ts"

/**
 * A customer's system vouchers: history, cancel, replacement (contract: src/api/CustomerAreaVouchersApi.ts). The
 * voucher is found by reference AND owner in one query, so another customer's voucher is NOT_FOUND like a missing
 * one; cancel and replacement lock its row, so a double click changes it once (the second sees the new state).
 */

const notFound = new SystemVoucherNotFound({ error: "SYSTEM_VOUCHER_NOT_FOUND" })
const refused = (error: SystemVoucherRefused["error"]) => new SystemVoucherRefused({ error })

interface Action {
  readonly customerId: number
  readonly reference: string
  readonly reservationIdentifier: string | undefined
}

export class Vouchers extends Context.Service<
  Vouchers,
  {
    readonly history: (input: {
      readonly customerId: number
      readonly reference: string
      readonly lang: LocaleCode
    }) => Effect.Effect<VoucherHistory, SystemVoucherNotFound>
    readonly cancel: (
      input: Action,
    ) => Effect.Effect<VoucherCancelResult, SystemVoucherNotFound | SystemVoucherRefused>
    readonly replace: (
      input: Action & { readonly validityDays: number },
    ) => Effect.Effect<VoucherReplacement, SystemVoucherNotFound | SystemVoucherRefused>
  }
>()("marquee/customerArea/Vouchers") {
  static readonly layer = Layer.effect(
    Vouchers,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const withSql = Effect.provideService(SqlClient.SqlClient, sql)

      const today = Clock.currentTimeMillis.pipe(
        Effect.map((ms) => chainToday(Temporal.Instant.fromEpochMilliseconds(ms))),
      )

      /** the customer's voucher, locked for the action; the spec's reservationIdentifier must be its order */
      const owned = Effect.fn("Vouchers.owned")(function* (input: Action, lock: boolean) {
        const rows = yield* loadVouchers(input.customerId, "he", input.reference, lock)
        const row = rows[0]
        if (row === undefined) return yield* notFound
        if (
          input.reservationIdentifier !== undefined &&
          input.reservationIdentifier !== row.purchaseReservation
        )
          return yield* notFound
        return row
      })

      const history = Effect.fn("Vouchers.history")(function* (input: {
        readonly customerId: number
        readonly reference: string
        readonly lang: LocaleCode
      }) {
        const row = yield* owned({ ...input, reservationIdentifier: undefined }, false)
        const spent = row.isTickets
          ? yield* sql<{
              atMs: number
              amount: number
              identifier: string
              kind: VoucherHistoryEntry["kind"]
            }>`
              SELECT (extract(epoch FROM coalesce(r.paid_at, r.purchased_at)) * 1000)::float8 AS "atMs",
                count(*)::int AS amount, r.identifier, 'redeemed' AS kind
              FROM sold_tickets st JOIN reservations r ON r.id = st.reservation_id
              WHERE st.system_voucher_id = ${row.id}
              GROUP BY r.id
              UNION ALL
              SELECT (extract(epoch FROM st.cancelled_at) * 1000)::float8, count(*)::int, r.identifier,
                'redemptionReversed'
              FROM sold_tickets st JOIN reservations r ON r.id = st.reservation_id
              WHERE st.system_voucher_id = ${row.id} AND st.cancelled_at IS NOT NULL
              GROUP BY r.id, st.cancelled_at`.pipe(Effect.orDie)
          : yield* sql<{
              atMs: number
              amount: number
              identifier: string
              kind: VoucherHistoryEntry["kind"]
            }>`
              SELECT (extract(epoch FROM vr.created_at) * 1000)::float8 AS "atMs", vr.amount_agorot::int AS amount,
                r.identifier, 'redeemed' AS kind
              FROM voucher_redemptions vr JOIN reservations r ON r.id = vr.reservation_id
              WHERE vr.voucher_id = ${row.id}
              UNION ALL
              SELECT (extract(epoch FROM vr.reversed_at) * 1000)::float8, vr.amount_agorot::int, r.identifier,
                'redemptionReversed'
              FROM voucher_redemptions vr JOIN reservations r ON r.id = vr.reservation_id
              WHERE vr.voucher_id = ${row.id} AND vr.reversed_at IS NOT NULL`.pipe(Effect.orDie)
        const entries: Array<{ atMs: number } & Omit<VoucherHistoryEntry, "DateTime">> = [
          {
            atMs: row.createdAtMs,
            kind: "purchased",
            amount: row.quantity,
            reservationIdentifier: row.purchaseReservation,
          },
          ...spent.map((s) => ({
            atMs: s.atMs,
            kind: s.kind,
            amount: s.amount,
            reservationIdentifier: s.identifier,
          })),
        ]
        if (row.replacedAtMs !== null)
          entries.push({
            atMs: row.replacedAtMs,
            kind: "markedForReplacement",
            amount: row.balance,
            reservationIdentifier: null,
          })
        if (row.cancelledAtMs !== null)
          entries.push({
            atMs: row.cancelledAtMs,
            kind: "cancelled",
            amount: row.balance,
            reservationIdentifier: null,
          })
        entries.sort((a, b) => a.atMs - b.atMs)
        return {
          reference: row.reference,
          kind: row.isTickets ? "tickets" : "money",
          entries: entries.map(({ atMs, ...entry }) => ({ DateTime: toChainIso(atMs), ...entry })),
        } satisfies VoucherHistory
      })

      const refusalFor = (row: VoucherRow, day: string, action: "cancel" | "replace") => {
        if (!row.soldOnline) return refused("SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET")
        const state = stateOf(row, day)
        if (action === "replace") {
          if (state === "forReplacement" || row.isForReplacement)
            return refused("SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT")
          return voucherReplaceable(state) ? null : refused("SYSTEM_VOUCHER_NOT_ACTIVE")
        }
        return voucherCancellable(state) ? null : refused("SYSTEM_VOUCHER_NOT_ACTIVE")
      }

      const cancel = Effect.fn("Vouchers.cancel")(function* (input: Action) {
        const refund = yield* sql
          .withTransaction(
            Effect.gen(function* () {
              const row = yield* owned(input, true)
              const refusal = refusalFor(row, (yield* today).toString(), "cancel")
              if (refusal !== null) return yield* refusal
              yield* sql`UPDATE system_vouchers SET status = 'cancelled', cancelled_at = marquee_now()
                WHERE id = ${row.id}`
              // a voucher's price cannot go back to a card online (it may have been paid at the box office or
              // given away): what was paid for it becomes transaction credit
              yield* addCredit({
                customerId: input.customerId,
                amount: row.paid,
                reason: "voucherCancelled",
                reservationId: null,
                systemVoucherId: row.id,
              })
              return row.paid
            }),
          )
          .pipe(Effect.catchTag("SqlError", Effect.die))
        return {
          success: true,
          reference: input.reference,
          refundAmount: refund,
          transactionCredit: yield* creditBalance(input.customerId),
        } satisfies VoucherCancelResult
      })

      const replace = Effect.fn("Vouchers.replace")(function* (
        input: Action & { readonly validityDays: number },
      ) {
        return yield* sql
          .withTransaction(
            Effect.gen(function* () {
              const row = yield* owned(input, true)
              const day = yield* today
              const refusal = refusalFor(row, day.toString(), "replace")
              if (refusal !== null) return yield* refusal
              const startDate = day.toString()
              const endDate = day.add({ days: input.validityDays }).toString()
              const rows = yield* sql<{ atMs: number }>`
                UPDATE system_vouchers SET is_for_replacement = true, starts_on = ${startDate}::date,
                  ends_on = ${endDate}::date, replaced_at = marquee_now()
                WHERE id = ${row.id}
                RETURNING (extract(epoch FROM replaced_at) * 1000)::float8 AS "atMs"`
              return {
                reference: row.reference,
                IsForReplacement: true,
                StartDate: startDate,
                EndDate: endDate,
                DateTimeCreated: toChainIso(rows[0]?.atMs ?? 0),
              } satisfies VoucherReplacement
            }),
          )
          .pipe(Effect.catchTag("SqlError", Effect.die))
      })

      return Vouchers.of({
        history: (input) => history(input).pipe(withSql),
        cancel: (input) => cancel(input).pipe(withSql),
        replace: (input) => replace(input).pipe(withSql),
      })
    }),
  )
}
