import { Link } from "@tanstack/react-router"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { type EnrolStep, STEP_PATH } from "./EnrolFrame.tsx"

type Props = {
  readonly to: EnrolStep
  readonly back?: EnrolStep
  readonly membershipId: number
  readonly locale: LocaleCode
  readonly disabled?: boolean
}

/** Back and Continue between the enrolment's steps. */
export const ContinueLink = ({ to, back, membershipId, locale, disabled = false }: Props) => {
  const t = useT()
  return (
    <div className="enrol-actions">
      {back !== undefined ? (
        <Link className="button" to={STEP_PATH[back]} params={{ membershipId }} search={{ lang: locale }}>
          {t("enrol.back")}
        </Link>
      ) : (
        <span />
      )}
      {disabled ? (
        <button type="button" className="button button--primary" disabled>
          {t("enrol.continue")}
        </button>
      ) : (
        <Link
          className="button button--primary"
          to={STEP_PATH[to]}
          params={{ membershipId }}
          search={{ lang: locale }}
          data-testid="enrol-continue"
        >
          {t("enrol.continue")}
        </Link>
      )}
    </div>
  )
}
