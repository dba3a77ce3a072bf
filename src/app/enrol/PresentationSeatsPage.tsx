import { useState } from "react"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { ContinueLink } from "./ContinueLink.tsx"
import { EnrolFrame } from "./EnrolFrame.tsx"
import { showingTime } from "./enrolText.ts"
import { SeatStep } from "./SeatStep.tsx"
import { enrolledShowings, useEnrolment } from "./useEnrolment.ts"

type Props = { readonly membershipId: number; readonly locale: LocaleCode }

/**
 * choosePresentationsSeats: a seat in each showing enrolled that has none from the member seat (the optional ones;
 * every one when the season skips the member seat), one showing at a time.
 */
export const PresentationSeatsPage = ({ membershipId, locale }: Props) => {
  const t = useT()
  const state = useEnrolment(membershipId, locale)
  const { season, draft } = state
  const [active, setActive] = useState<number | null>(null)
  if (season === null || draft === null)
    return (
      <EnrolFrame step="choosePresentationsSeats" membershipId={membershipId} locale={locale} state={state}>
        {null}
      </EnrolFrame>
    )
  const showings = enrolledShowings(season, draft).filter((p) => season.IsSkipMemberSeat || !p.IsRequired)
  const current =
    showings.find((p) => p.PresentationId === active) ??
    showings.find((p) => draft.seats[p.PresentationId] === undefined) ??
    showings[0]
  const selections = enrolledShowings(season, draft).map((p) => p.PresentationId)
  const done = enrolledShowings(season, draft).every((p) => draft.seats[p.PresentationId] !== undefined)
  return (
    <EnrolFrame step="choosePresentationsSeats" membershipId={membershipId} locale={locale} state={state}>
      <ul className="enrol-list">
        {showings.map((p) => {
          const seat = draft.seats[p.PresentationId]
          return (
            <li key={p.PresentationId} className="enrol-option">
              <button
                type="button"
                className="button"
                aria-pressed={p.PresentationId === current?.PresentationId}
                onClick={() => setActive(p.PresentationId)}
                data-testid={`enrol-showing-${p.PresentationId}`}
              >
                {p.featureName} · {showingTime(p.startsAt, locale)}
              </button>
              <span>
                {seat === undefined
                  ? t("enrol.noSeatYet")
                  : t("enrol.chosenSeat", { row: seat.row, seat: seat.seat })}
              </span>
            </li>
          )
        })}
      </ul>
      {current !== undefined ? (
        <>
          <p>
            {t("enrol.seatFor", { name: current.featureName, date: showingTime(current.startsAt, locale) })}
          </p>
          <SeatStep
            key={current.PresentationId}
            season={season}
            draft={draft}
            setDraft={state.setDraft}
            presentationId={current.PresentationId}
            selections={selections}
            locale={locale}
          />
        </>
      ) : null}
      <ContinueLink
        to="customerInfo"
        back="choosePresentations"
        membershipId={membershipId}
        locale={locale}
        disabled={!done}
      />
    </EnrolFrame>
  )
}
