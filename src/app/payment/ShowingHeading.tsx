import type { ConfirmationShowing } from "../../api/ReservationsApi.ts"
import { formatLongDateTime } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { temporal } from "../lib/temporal.ts"

/** One showing of an order of several (issue 16), above its tickets: film, start, hall and cinema. */
export const ShowingHeading = ({
  showing,
  locale,
  t,
}: {
  readonly showing: ConfirmationShowing
  readonly locale: LocaleCode
  readonly t: Translate
}) => (
  <h3 className="pay-section__title confirmation__showing" data-testid="showing-heading">
    <span className="order__feature">{showing.featureName}</span>
    <span aria-hidden="true"> · </span>
    <time dateTime={showing.dateTime}>{formatLongDateTime(temporal(), showing.dateTime, locale)}</time>
    <span aria-hidden="true"> · </span>
    <span>{t("app.venueAtLocation", { venue: showing.venueName, location: showing.locationName })}</span>
  </h3>
)
