import { Effect, Layer } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { CurrentCustomer } from "../../api/sessions.ts"
import { parseIdList } from "../../api/shared.ts"
import { sandboxProvidersLayer } from "../payment/sandbox/SandboxProvider.ts"
import { customerAreaData } from "./AreaData.ts"
import { AreaConfig } from "./areaConfig.ts"
import { Cancellation } from "./Cancellation.ts"
import { MobileChange } from "./MobileChange.ts"
import { Vouchers } from "./Vouchers.ts"

/**
 * The customer area's handlers (contracts: src/api/CustomerAreaApi.ts, CustomerAreaCancellationApi.ts,
 * CustomerAreaVouchersApi.ts). Each reads the customer from `CurrentCustomer` (the `CustomerSession` middleware)
 * and hands it to a service whose queries name it, so whatever id or reference a request carries, only the
 * customer's own rows can be read or changed. Every answer, errors included, is personal: `no-store`.
 */
const noStore = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
)

const customerId = Effect.gen(function* () {
  return (yield* CurrentCustomer).customerId
})

const CustomerAreaGroup = HttpApiBuilder.group(
  MarqueeApi,
  "customerArea",
  Effect.fn(function* (handlers) {
    const sql = yield* SqlClient.SqlClient
    const config = yield* AreaConfig
    const mobiles = yield* MobileChange
    return handlers
      .handle("customerAreaData", ({ query }) =>
        Effect.gen(function* () {
          yield* noStore
          return yield* customerAreaData(yield* customerId, query.lang ?? "he", config)
        }).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
      )
      .handle("requestMobileNumberCode", ({ query, payload }) =>
        Effect.gen(function* () {
          yield* noStore
          yield* mobiles.sendCode({
            customerId: yield* customerId,
            mobileNumber: payload.mobileNumber,
            locale: query.lang ?? "he",
          })
          return { success: true }
        }),
      )
      .handle("updateMobileNumber", ({ payload }) =>
        Effect.gen(function* () {
          yield* noStore
          const mobile = yield* mobiles.confirm({ customerId: yield* customerId, ...payload })
          return { MobileNumber1: mobile }
        }),
      )
  }),
)

const CancellationGroup = HttpApiBuilder.group(
  MarqueeApi,
  "customerAreaCancellation",
  Effect.fn(function* (handlers) {
    const config = yield* AreaConfig
    const cancellations = yield* Cancellation
    return handlers
      .handle("cancellationQuote", ({ params, query }) =>
        Effect.gen(function* () {
          yield* noStore
          return yield* cancellations.quote({
            customerId: yield* customerId,
            identifier: params.identifier,
            items: parseIdList(query.items)?.map(String),
            toCredit: query.refundToTransactionCredit === "true",
            lang: query.lang ?? "he",
            cutoffMinutes: config.cancellationCutoffMinutes,
          })
        }),
      )
      .handle("cancelReservation", ({ params, payload }) =>
        Effect.gen(function* () {
          yield* noStore
          return yield* cancellations.cancel({
            customerId: yield* customerId,
            identifier: params.identifier,
            items: payload.itemsToCancel,
            toCredit: payload.refundToTransactionCredit,
            cutoffMinutes: config.cancellationCutoffMinutes,
          })
        }),
      )
  }),
)

const VouchersGroup = HttpApiBuilder.group(
  MarqueeApi,
  "customerAreaVouchers",
  Effect.fn(function* (handlers) {
    const config = yield* AreaConfig
    const vouchers = yield* Vouchers
    return handlers
      .handle("voucherHistory", ({ params, query }) =>
        Effect.gen(function* () {
          yield* noStore
          return yield* vouchers.history({
            customerId: yield* customerId,
            reference: params.ref,
            lang: query.lang ?? "he",
          })
        }),
      )
      .handle("cancelVoucher", ({ params, payload }) =>
        Effect.gen(function* () {
          yield* noStore
          return yield* vouchers.cancel({
            customerId: yield* customerId,
            reference: params.ref,
            reservationIdentifier: payload.reservationIdentifier,
          })
        }),
      )
      .handle("replaceVoucher", ({ params, payload }) =>
        Effect.gen(function* () {
          yield* noStore
          return yield* vouchers.replace({
            customerId: yield* customerId,
            reference: params.ref,
            reservationIdentifier: payload.reservationIdentifier,
            validityDays: config.replacementValidityDays,
          })
        }),
      )
  }),
)

export const CustomerAreaHttp = Layer.mergeAll(CustomerAreaGroup, CancellationGroup, VouchersGroup).pipe(
  Layer.provide([MobileChange.layer, Vouchers.layer, Cancellation.layer]),
  Layer.provide(sandboxProvidersLayer),
)
