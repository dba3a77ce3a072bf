import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { ContinueLink } from "./ContinueLink.tsx"
import { EnrolFrame } from "./EnrolFrame.tsx"
import { showingTime } from "./enrolText.ts"
import { enrolledShowings, showingPriceOf, useEnrolment } from "./useEnrolment.ts"

type Props = { readonly membershipId: number; readonly locale: LocaleCode }

/** choosePresentations: the required showings (always in) and the optional ones to add, each with its price. */
export const PresentationsPage = ({ membershipId, locale }: Props) => {
  const t = useT()
  const state = useEnrolment(membershipId, locale)
  const { season, draft } = state
  if (season === null || draft === null)
    return (
      <EnrolFrame step="choosePresentations" membershipId={membershipId} locale={locale} state={state}>
        {null}
      </EnrolFrame>
    )
  const total = enrolledShowings(season, draft).reduce((sum, p) => sum + showingPriceOf(season, draft, p), 0)
  return (
    <EnrolFrame step="choosePresentations" membershipId={membershipId} locale={locale} state={state}>
      <p>{t("enrol.presentationsHint")}</p>
      <ul className="enrol-list">
        {season.Presentations.map((p) => {
          const price = showingPriceOf(season, draft, p)
          const checked = p.IsRequired || draft.chosen.includes(p.PresentationId)
          return (
            <li key={p.PresentationId} className="enrol-option">
              <label>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={p.IsRequired}
                  onChange={(event) =>
                    state.setDraft({
                      ...draft,
                      chosen: event.target.checked
                        ? [...draft.chosen, p.PresentationId]
                        : draft.chosen.filter((id) => id !== p.PresentationId),
                    })
                  }
                  data-testid={`enrol-presentation-${p.PresentationId}`}
                />
                <span>
                  {p.featureName} · {showingTime(p.startsAt, locale)}
                  {p.IsRequired ? ` · ${t("enrol.required")}` : ""}
                </span>
              </label>
              <span>{price === 0 ? t("enrol.included") : formatMoney(price, locale)}</span>
            </li>
          )
        })}
      </ul>
      <p data-testid="enrol-total">{t("enrol.total", { amount: formatMoney(total, locale) })}</p>
      <ContinueLink
        to="choosePresentationsSeats"
        back="chooseTickets"
        membershipId={membershipId}
        locale={locale}
      />
    </EnrolFrame>
  )
}
