import { Effect, Layer, Option, Redacted } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { CurrentStaff, StaffLoginRequired, StaffSession } from "../../api/StaffApi.ts"
import { StaffAuth } from "./StaffAuth.ts"

/** Every live answer is one staff member's view of their businesses: no browser, proxy or worker may keep it. */
const noStore = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
)

/**
 * The `StaffSession` middleware (src/api/StaffApi.ts): the `x-staff-token` header resolved once per request.
 * Missing, empty, unknown, expired, logged-out and inactive are "nobody" alike: 401 STAFF_LOGIN_REQUIRED.
 */
export const staffSessionsLayer = Layer.effect(
  StaffSession,
  Effect.gen(function* () {
    const auth = yield* StaffAuth
    return StaffSession.of({
      staffToken: (handler, { credential }) =>
        Effect.gen(function* () {
          yield* noStore
          const staff = yield* auth.resolve(Redacted.value(credential))
          if (Option.isNone(staff)) return yield* new StaffLoginRequired({ error: "STAFF_LOGIN_REQUIRED" })
          return yield* Effect.provideService(handler, CurrentStaff, staff.value)
        }),
    })
  }),
).pipe(Layer.provide(StaffAuth.layer))
