import { Effect, Layer, Option } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { SavedCardNotFound } from "../../api/PaymentApi.ts"
import { CurrentCustomer } from "../../api/sessions.ts"
import { clientOf } from "../limits/RateLimits.ts"
import { PaymentProviders } from "../payment/PaymentProvider.ts"
import { sandboxProvidersLayer } from "../payment/sandbox/SandboxProvider.ts"
import { HumanCheck } from "../providers/humanCheck/HumanCheck.ts"
import { CustomerAuth } from "./CustomerAuth.ts"
import { CustomerProfile } from "./CustomerProfile.ts"
import { LocationsRepo } from "./LocationsRepo.ts"
import { SavedCardsRepo } from "./SavedCardsRepo.ts"

/** A login answer and a customer's cards are personal: no browser, proxy or service worker keeps one. */
const noStore = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
)

export const CustomerHttp = HttpApiBuilder.group(
  MarqueeApi,
  "customer",
  Effect.fn(function* (handlers) {
    const locations = yield* LocationsRepo
    const auth = yield* CustomerAuth
    const cards = yield* SavedCardsRepo
    const profiles = yield* CustomerProfile
    const humanCheck = yield* HumanCheck

    const sql = yield* SqlClient.SqlClient
    const providers = yield* PaymentProviders
    /** the provider that takes cards at a location, as the payment form chooses it */
    const cardProviderOf = (locationId: number) =>
      sql<{ cardProvider: "default" | "secondary" }>`
        SELECT card_provider AS "cardProvider" FROM locations WHERE id = ${locationId}`.pipe(
        Effect.orDie,
        Effect.map((rows) => providers.choose("card", rows[0]?.cardProvider ?? "default")),
      )

    return handlers
      .handle("locations", ({ query }) =>
        locations.listForCustomers(query.lang ?? "he").pipe(Effect.map((list) => ({ locations: list }))),
      )
      .handle("mobileLogin", ({ payload, query, request }) =>
        Effect.gen(function* () {
          // an SMS costs money and reaches a person: only a solved human check may ask for one
          yield* humanCheck.verify(
            payload.recaptchaToken,
            Option.getOrElse(request.remoteAddress, () => "unknown"),
          )
          yield* auth.sendCode({
            mobileNumber: payload.mobileNumber,
            evenWithoutCustomer: payload.sendSmsRegardlessOfCustomerExistence ?? false,
            locale: query.lang ?? "he",
            client: clientOf(request.remoteAddress),
          })
          return { success: true }
        }),
      )
      .handle("mobileLoginValidation", ({ payload, request }) =>
        Effect.gen(function* () {
          yield* noStore
          const session = yield* auth.validate({ ...payload, client: clientOf(request.remoteAddress) })
          return { customerInfo: yield* profiles.info(session.customerId), uuid: session.uuid }
        }),
      )
      .handle("logout", ({ headers }) => auth.logout(headers.uuid).pipe(Effect.as({ success: true })))
      .handle("savedCards", ({ query }) =>
        Effect.gen(function* () {
          yield* noStore
          const { customerId } = yield* CurrentCustomer
          const provider =
            query.locationId === undefined ? undefined : (yield* cardProviderOf(query.locationId)).name
          return { MagCards: yield* cards.list(customerId, provider) }
        }),
      )
      .handle("deleteSavedCard", ({ params }) =>
        Effect.gen(function* () {
          yield* noStore
          const { customerId } = yield* CurrentCustomer
          if (!(yield* cards.remove(customerId, params.id)))
            return yield* new SavedCardNotFound({ error: "savedCardNotFound" })
          return { success: true }
        }),
      )
  }),
).pipe(
  Layer.provide([
    LocationsRepo.layer,
    CustomerAuth.layer,
    SavedCardsRepo.layer,
    CustomerProfile.layer,
    sandboxProvidersLayer,
  ]),
)
