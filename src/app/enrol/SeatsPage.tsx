import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { ContinueLink } from "./ContinueLink.tsx"
import { EnrolFrame } from "./EnrolFrame.tsx"
import { SeatStep } from "./SeatStep.tsx"
import { useEnrolment } from "./useEnrolment.ts"

type Props = { readonly membershipId: number; readonly locale: LocaleCode }

/** chooseSeats: the member seat, held in every required showing (none when the season skips it). */
export const SeatsPage = ({ membershipId, locale }: Props) => {
  const t = useT()
  const state = useEnrolment(membershipId, locale)
  const { season, draft } = state
  const required = season?.Presentations.find((p) => p.IsRequired)
  const done =
    season?.IsSkipMemberSeat === true ||
    required === undefined ||
    draft?.seats[required.PresentationId] !== undefined
  return (
    <EnrolFrame step="chooseSeats" membershipId={membershipId} locale={locale} state={state}>
      {season !== null && draft !== null ? (
        <>
          {season.enrolled !== null ? (
            <p className="enrol-problem" role="alert">
              {t("enrol.errors.ALREADY_ENROLLED")}
            </p>
          ) : null}
          {season.IsSkipMemberSeat ? null : (
            <>
              <p>{t("enrol.memberSeatHint")}</p>
              <SeatStep
                season={season}
                draft={draft}
                setDraft={state.setDraft}
                presentationId={null}
                selections={season.Presentations.filter((p) => p.IsRequired).map((p) => p.PresentationId)}
                locale={locale}
              />
            </>
          )}
          <ContinueLink to="chooseTickets" membershipId={membershipId} locale={locale} disabled={!done} />
        </>
      ) : null}
    </EnrolFrame>
  )
}
