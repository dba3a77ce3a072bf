import { Link } from "@tanstack/react-router"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { KeptAtConfirmation } from "../wallet/KeptAtConfirmation.tsx"
import { EnrolFrame } from "./EnrolFrame.tsx"
import { showingTime } from "./enrolText.ts"
import { paidEnrolmentOrder } from "./paidOrder.ts"
import { useEnrolment } from "./useEnrolment.ts"

type Props = { readonly membershipId: number; readonly locale: LocaleCode }

/**
 * confirmation: what the server says the member is enrolled in (the order and each showing's seat). Paid here, its
 * e-tickets are kept in the device's wallet at once, as a ticket order's are at its confirmation (issue 17).
 */
export const ConfirmationPage = ({ membershipId, locale }: Props) => {
  const t = useT()
  const state = useEnrolment(membershipId, locale)
  const enrolled = state.season?.enrolled ?? null
  const paid = paidEnrolmentOrder(enrolled, state.draft)
  const showing = (id: number) => state.season?.Presentations.find((p) => p.PresentationId === id)
  return (
    <EnrolFrame step="confirmation" membershipId={membershipId} locale={locale} state={state}>
      {enrolled === null ? (
        <p className="enrol-muted">{t("enrol.noSeatYet")}</p>
      ) : (
        <div className="enrol-card" data-testid="enrol-result" data-status={enrolled.status}>
          <h2>{enrolled.status === "paid" ? t("enrol.doneTitle") : t("enrol.awaiting")}</h2>
          <p data-testid="enrol-identifier">
            {t("enrol.doneText", { identifier: enrolled.reservationIdentifier })}
          </p>
          <ul className="enrol-list">
            {enrolled.seats.map((seat) => {
              const p = showing(seat.PresentationId)
              return (
                <li key={seat.PresentationId} className="enrol-option" data-testid="enrol-seat-line">
                  {t("enrol.seatLine", {
                    name: p?.featureName ?? "",
                    date: p === undefined ? "" : showingTime(p.startsAt, locale),
                    row: seat.RowName,
                    seat: seat.SeatName,
                  })}
                </li>
              )
            })}
          </ul>
          {/* its tickets are sold tickets: the order's e-document, like any ticket order's */}
          {paid !== null ? (
            <>
              <Link
                className="button"
                to="/edocument/$documentKey"
                params={{ documentKey: paid.documentKey }}
                search={{ lang: locale }}
                data-testid="enrol-edocument"
              >
                {t("payment.confirmation.eTicket")}
              </Link>
              <KeptAtConfirmation
                identifier={paid.identifier}
                documentKey={paid.documentKey}
                locale={locale}
                load
              />
            </>
          ) : null}
        </div>
      )}
    </EnrolFrame>
  )
}
