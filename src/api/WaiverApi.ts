import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { WireText } from "../domain/shared/wireText.ts"
import { ReservationNotFound } from "./PaymentApi.ts"
import { CustomerSession, LoginRequired } from "./sessions.ts"

/**
 * The signed child waiver of a reservation (issue 19), as the customer area shows it beside the reservation.
 * Only the reservation's own customer reads it (`CustomerSession`); anyone else's reservation, or one without a
 * waiver, is 404 `reservationNotFound`, so the answer never says whose reservations exist.
 */
export const AreaWaiver = Schema.Struct({
  reservationIdentifier: Schema.String,
  signerName: Schema.String,
  children: Schema.Array(Schema.Struct({ name: Schema.String, dateOfBirth: Schema.String })),
  /** ISO 8601 with the Asia/Jerusalem offset: when the server took the signed waiver */
  signedAt: Schema.String,
  /** the signature as base64 PNG (`data:image/png;base64,` + this shows it) */
  signaturePng: Schema.String,
})
export type AreaWaiver = typeof AreaWaiver.Type

export class WaiverApi extends HttpApiGroup.make("waiver").add(
  HttpApiEndpoint.get("reservationWaiver", "/customer-area/reservations/:identifier/waiver", {
    params: { identifier: WireText },
    success: AreaWaiver,
    error: [LoginRequired, ReservationNotFound],
  }).middleware(CustomerSession),
) {}
