import { Link } from "@tanstack/react-router"
import { type ReactNode, useEffect } from "react"
import { SignInForm } from "../customer/signIn/SignInForm.tsx"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { OfflineVenueNotice } from "../mini-site/OfflineVenueNotice.tsx"
import type { useEnrolment } from "./useEnrolment.ts"
import "../customer/signIn/signIn.css"
import "./enrol.css"

export const ENROL_STEPS = [
  "chooseSeats",
  "chooseTickets",
  "choosePresentations",
  "choosePresentationsSeats",
  "customerInfo",
  "confirmation",
] as const
export type EnrolStep = (typeof ENROL_STEPS)[number]

export const STEP_PATH = {
  chooseSeats: "/enrol/$membershipId/seats",
  chooseTickets: "/enrol/$membershipId/tickets",
  choosePresentations: "/enrol/$membershipId/presentations",
  choosePresentationsSeats: "/enrol/$membershipId/presentation-seats",
  customerInfo: "/enrol/$membershipId/customer",
  confirmation: "/enrol/$membershipId/confirmation",
} as const

type Props = {
  readonly step: EnrolStep
  readonly membershipId: number
  readonly locale: LocaleCode
  readonly state: ReturnType<typeof useEnrolment>
  /** the step's own content, once the member's season is known */
  readonly children: ReactNode
}

/**
 * The frame of every enrolment step (spec §2 "Membership enrolment"): the steps in order, the sign-in the
 * enrolment needs, "no season open" and the member's number. Each step is its own lazy route.
 */
export const EnrolFrame = ({ step, membershipId, locale, state, children }: Props) => {
  const t = useT()
  useEffect(() => {
    document.title = `${t(`enrol.steps.${step}`)} · ${t("enrol.title")} · ${t("app.brand")}`
  }, [t, step])
  const body = (() => {
    if (state.customer === null)
      return (
        <div className="enrol-card">
          <p>{t("enrol.signIn")}</p>
          <SignInForm />
        </div>
      )
    if (state.offer.isPending) return <p className="enrol-muted">…</p>
    if (state.offer.isError)
      return (
        <p className="enrol-problem" role="alert" data-testid="enrol-refusal">
          {t("enrol.errors.memberNotFound")}
        </p>
      )
    // the season's cinema is offline for sales (issue 19): the offline-venue view, not "no season open"
    const offline = state.offer.data.offlineCinemas
    if (state.season === null && offline.length > 0)
      return <OfflineVenueNotice name={offline.length === 1 ? offline[0] : undefined} heading="h2" />
    if (state.season === null || state.draft === null)
      return (
        <p className="enrol-muted" data-testid="enrol-no-season">
          {t("enrol.noSeason")}
        </p>
      )
    return children
  })()
  const at = ENROL_STEPS.indexOf(step)
  return (
    <div className="enrol-page" data-testid={`enrol-${step}`}>
      <h1 className="enrol-title">{state.season?.Name || t("enrol.title")}</h1>
      {state.offer.data !== undefined ? (
        <p className="enrol-muted">
          {state.offer.data.membershipName} · {t("enrol.member", { number: state.offer.data.memberNumber })}
        </p>
      ) : null}
      <ol className="enrol-steps" aria-label={t("enrol.title")}>
        {ENROL_STEPS.map((s, i) => (
          <li key={s} className="enrol-steps__step" aria-current={i === at ? "step" : undefined}>
            {i < at && s !== "confirmation" ? (
              <Link to={STEP_PATH[s]} params={{ membershipId }} search={{ lang: locale }}>
                {t(`enrol.steps.${s}`)}
              </Link>
            ) : (
              <span>{t(`enrol.steps.${s}`)}</span>
            )}
          </li>
        ))}
      </ol>
      {body}
    </div>
  )
}
