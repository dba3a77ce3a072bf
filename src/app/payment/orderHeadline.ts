import type { Confirmation } from "../../api/ReservationsApi.ts"
import type { Translate } from "../i18n/useI18n.ts"

/**
 * What heads an order's confirmation and e-document: a ticket order names its film, time and hall; an order of
 * vouchers, a donation, a membership or food alone names its kind and where it is booked (the cinema where food
 * is collected, or the chain's online shop).
 */
export interface OrderHeadline {
  readonly title: string
  /** the showing's start (ISO 8601), for ticket orders only */
  readonly startsAt: string | null
  readonly durationMinutes: number | null
  readonly where: string
}

export const orderHeadlineOf = (confirmation: Confirmation, t: Translate): OrderHeadline => {
  const presentation = confirmation.presentation
  const showings = confirmation.showings ?? []
  // several showings (issue 16): the head counts them and names the cinema; each showing heads its own tickets
  if (showings.length > 1)
    return {
      title: t("multiShowing.title", { n: showings.length }),
      startsAt: null,
      durationMinutes: null,
      where: showings[0]?.locationName ?? confirmation.locationName ?? "",
    }
  if (presentation !== null)
    return {
      title: presentation.featureName,
      startsAt: presentation.dateTime,
      durationMinutes: presentation.durationMinutes,
      where: t("app.venueAtLocation", { venue: presentation.venueName, location: presentation.locationName }),
    }
  const kind = confirmation.orderKind ?? "tickets"
  const location = confirmation.locationName ?? ""
  return {
    title: t(`payment.orderKinds.${kind}`),
    startsAt: null,
    durationMinutes: null,
    where: kind === "products" ? t("payment.confirmation.collectAt", { location }) : location,
  }
}
