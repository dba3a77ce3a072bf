import { Temporal } from "@js-temporal/polyfill"
import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { CurrentStaff, InvalidLiveRequest } from "../../api/StaffApi.ts"
import {
  DEFAULT_DATE_TYPE,
  DEFAULT_DETAIL_LEVEL,
  ReferenceEditRefused,
  ReferenceNotFound,
} from "../../api/StaffReferencesApi.ts"
import { isIsoDate } from "../../domain/live/attendance.ts"
import { lastMonth, referenceQuantity } from "../../domain/live/references.ts"
import { israeliMobile } from "../../domain/order/customerInfo.ts"
import { takeFromLimits } from "../limits/RateLimits.ts"
import { SmsDailyBudget } from "../notifications/smsAllowance.ts"
import { enqueueTicketsSms } from "../payment/outbox.ts"
import { ReferencesRepo } from "./ReferencesRepo.ts"
import { chainTodayNow, scopeOf } from "./request.ts"

/** As attendance's and the reports': two months is a screen, more is a bulk export. */
const MAX_SALES_DAYS = 62
/** Tickets sent again by SMS from the staff app, per order an hour: a resend or two, never a flood. */
const STAFF_SENDS_PER_ORDER = 5

const invalid = (error: InvalidLiveRequest["error"]) => Effect.fail(new InvalidLiveRequest({ error }))
const refused = (error: ReferenceEditRefused["error"]) => Effect.fail(new ReferenceEditRefused({ error }))
const notFound = (error: ReferenceNotFound["error"]) => Effect.fail(new ReferenceNotFound({ error }))

/** The sales range asked for, or spec §9's default (last month); validated business dates, ≤ 62 days. */
const salesRange = (startDate: string | undefined, endDate: string | undefined) =>
  Effect.gen(function* () {
    const fallback = lastMonth(yield* chainTodayNow)
    const start = startDate ?? fallback.startDate
    const end = endDate ?? (startDate === undefined ? fallback.endDate : start)
    if (!isIsoDate(start) || !isIsoDate(end)) return yield* invalid("invalidDate")
    const days = Temporal.PlainDate.from(start).until(Temporal.PlainDate.from(end)).days + 1
    if (days < 1 || days > MAX_SALES_DAYS) return yield* invalid("invalidRange")
    return { start, end, days }
  })

export const LiveReferencesHttp = HttpApiBuilder.group(
  MarqueeApi,
  "liveReferences",
  Effect.fn(function* (handlers) {
    const repo = yield* ReferencesRepo
    const sql = yield* SqlClient.SqlClient
    const smsBudget = yield* SmsDailyBudget
    return handlers
      .handle("ticketRefAgents", ({ query }) =>
        scopeOf(query).pipe(
          Effect.flatMap(repo.agents),
          Effect.map((agents) => ({ agents })),
        ),
      )
      .handle("referenceList", ({ query }) =>
        Effect.gen(function* () {
          const businessIds = yield* scopeOf(query)
          return {
            rows: yield* repo.options(businessIds, query.lang ?? "he", { customerId: query.customerId }),
          }
        }),
      )
      .handle("referenceDetail", ({ query }) =>
        Effect.gen(function* () {
          const businessIds = yield* scopeOf(query)
          const lang = query.lang ?? "he"
          const [reference] = yield* repo.options(businessIds, lang, { priceRowId: query.priceRowId })
          if (reference === undefined) return yield* notFound("refPromptOptNotFound")
          const sales = yield* repo.sales({ businessIds, priceRowId: reference.PriceRowId }, lang)
          return { reference, sales }
        }),
      )
      .handle("referenceTicketSales", ({ query }) =>
        Effect.gen(function* () {
          const businessIds = yield* scopeOf(query)
          const range = yield* salesRange(query.startDate, query.endDate)
          const rows = yield* repo.sales(
            {
              businessIds,
              firstDate: range.start,
              days: range.days,
              dateType: query.dateType ?? DEFAULT_DATE_TYPE,
              detailLevel: query.detailLevel ?? DEFAULT_DETAIL_LEVEL,
              customerId: query.customerId,
            },
            query.lang ?? "he",
          )
          return { startDate: range.start, endDate: range.end, rows }
        }),
      )
      .handle("editReferenceQuantity", ({ params, query, payload }) =>
        Effect.gen(function* () {
          const staff = yield* CurrentStaff
          const businessIds = yield* scopeOf(query)
          // 1: a ticket price, the only kind that asks for a reference
          if (params.priceType !== 1) return yield* refused("invalidPriceType")
          const quantity = referenceQuantity(payload.quantity)
          if (quantity === null) return yield* refused("invalidQuantity")
          const note = payload.reference2 === undefined ? undefined : (payload.reference2 ?? "").trim()
          const outcome = yield* repo.editQuantity({
            businessIds,
            staffUserId: staff.userId,
            priceId: params.priceId,
            priceRowId: params.priceRowId,
            reference: payload.reference.trim(),
            reference2: note === undefined ? undefined : note === "" ? null : note.slice(0, 64),
            quantity,
          })
          if (outcome === "notFound") return yield* notFound("refPromptOptNotFound")
          if (outcome === "belowUsed") return yield* refused("quantityBelowUsed")
          const [now] = yield* repo.options(businessIds, query.lang ?? "he", {
            priceRowId: params.priceRowId,
          })
          if (now === undefined) return yield* notFound("refPromptOptNotFound")
          return now
        }),
      )
      .handle("sendTicketsSms", ({ query, payload }) =>
        Effect.gen(function* () {
          const businessIds = yield* scopeOf(query)
          const reservationId = yield* repo.orderInScope(businessIds, payload.reservationNumber.trim())
          if (reservationId === undefined) return yield* notFound("reservationNotFound")
          const mobile = israeliMobile(payload.mobileNumber)
          if (mobile === null) return yield* refused("invalid_mobileNumber")
          const limit = {
            key: `staffSendTickets:order:${reservationId}`,
            limit: STAFF_SENDS_PER_ORDER,
            windowSeconds: 3600,
          }
          if (!(yield* takeFromLimits([limit]))) return yield* refused("SMS_FAILED")
          yield* enqueueTicketsSms(reservationId, mobile, smsBudget)
          return { success: true }
        }).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
      )
  }),
).pipe(Layer.provide(ReferencesRepo.layer))
