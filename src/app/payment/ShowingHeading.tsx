import type { ConfirmationShowing } from "../../api/ReservationsApi.ts"
import { formatLongDateTime } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { temporal } from "../lib/temporal.ts"

/** One showing of an order of several (issue 16), above its tickets: film, start, hall and cinema. */
export const ShowingHeading = ({
  showing,
  locale,
}: {
  readonly showing: ConfirmationShowing
  readonly locale: LocaleCode
}) => (
  <h3 className="pay-section__title confirmation__showing" data-testid="showing-heading">
    <span className="order__feature">{showing.featureName}</span>
    <span aria-hidden="true"> · </span>
    <time dateTime={showing.dateTime}>{formatLongDateTime(temporal(), showing.dateTime, locale)}</time>
    <span aria-hidden="true"> · </span>
    <span>
      {showing.venueName}, {showing.locationName}
    </span>
  </h3>
)
