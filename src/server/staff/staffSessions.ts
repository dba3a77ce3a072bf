import { Effect, Layer, Option, Redacted } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { CurrentStaff, StaffLoginRequired, StaffSession } from "../../api/StaffApi.ts"
import { StaffAuth } from "./StaffAuth.ts"

/** Every live answer is one staff member's view of their businesses: no browser, proxy or worker may keep it. */
const noStore = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
)

/**
 * Below this many bytes a live answer goes uncompressed: it fits the first round trip (TCP's initial window, ten
 * segments of ~1,460 bytes) compressed or not, so compressing saves the staff app no time and costs the server
 * about 4 ms of a 29-day strip's ~15 (measured on 1.1 M sold tickets, bench/README.md). Larger answers (a week of
 * presentations, long reference lists) are compressed as every other response (src/server/app.ts).
 */
export const STAFF_UNCOMPRESSED_BELOW_BYTES = 14_000

/** `Content-Encoding: identity` tells the compression middleware to leave the answer as it is (and is removed). */
const uncompressedIfSmall = (response: HttpServerResponse.HttpServerResponse) => {
  const length = response.body._tag === "Uint8Array" ? response.body.contentLength : undefined
  return length !== undefined && length < STAFF_UNCOMPRESSED_BELOW_BYTES
    ? HttpServerResponse.setHeader(response, "content-encoding", "identity")
    : response
}

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
          return uncompressedIfSmall(yield* Effect.provideService(handler, CurrentStaff, staff.value))
        }),
    })
  }),
).pipe(Layer.provide(StaffAuth.layer))
