import type { Enrolment } from "../../api/EnrolApi.ts"
import type { EnrolDraft } from "./enrolClient.ts"

/**
 * The paid enrolment's order and its e-document key (its sold tickets' page), when the server says the member is
 * enrolled and paid and this device's draft paid that very order: the link to the e-tickets, and what the wallet
 * keeps at the confirmation (issue 17). Null while it is being paid, or for an order paid elsewhere (no key here).
 */
export const paidEnrolmentOrder = (
  enrolled: Enrolment | null,
  draft: EnrolDraft | null,
): { readonly identifier: string; readonly documentKey: string } | null =>
  enrolled?.status === "paid" &&
  draft?.reservationIdentifier === enrolled.reservationIdentifier &&
  typeof draft.documentKey === "string" &&
  draft.documentKey !== ""
    ? { identifier: enrolled.reservationIdentifier, documentKey: draft.documentKey }
    : null
