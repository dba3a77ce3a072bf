import { Link } from "@tanstack/react-router"
import { type ReactNode, useEffect } from "react"
import type { Presentation } from "../../api/PresentationEntities.ts"
import { formatLongDateTime } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { temporal } from "../lib/temporal.ts"
import { ORDER_SCREENS, type OrderScreen, screenLink } from "./flow.ts"
import { OfflineNotice } from "./OfflineNotice.tsx"

type Props = {
  readonly presentation: Presentation
  readonly locale: LocaleCode
  readonly screen: OrderScreen
  readonly title: string
  readonly t: Translate
  readonly children: ReactNode
}

/**
 * A link to another order screen that stays in the app (no reload: the cart and its timers stay open); the
 * router's typed `Link`, so a renamed screen route fails to compile. A modified click (new tab) is the browser's.
 */
export const ScreenLink = ({
  link,
  className,
  children,
  testId,
}: {
  readonly link: ReturnType<typeof screenLink>
  readonly className?: string
  readonly children: ReactNode
  readonly testId?: string
}) => (
  <Link {...link} className={className} data-testid={testId}>
    {children}
  </Link>
)

/** The frame of every order screen: the presentation, where the buyer is among the steps, the screen. */
export const StepFrame = ({ presentation, locale, screen, title, t, children }: Props) => {
  useEffect(() => {
    document.title = `${title} · ${presentation.featureName} · ${t("app.brand")}`
  }, [t, title, presentation.featureName])
  const current = ORDER_SCREENS.indexOf(screen)
  return (
    <div className="order">
      <header className="order__head">
        <nav aria-label={t("orderSteps.steps.nav")} className="order-steps">
          <ol className="order-steps__list">
            {ORDER_SCREENS.map((step, index) => (
              <li
                key={step}
                className="order-steps__item"
                data-state={index < current ? "done" : index === current ? "current" : "todo"}
                aria-current={index === current ? "step" : undefined}
              >
                {index < current ? (
                  <ScreenLink link={screenLink(presentation.id, step, locale)}>
                    {t(`orderSteps.steps.${step}`)}
                  </ScreenLink>
                ) : (
                  <span>{t(`orderSteps.steps.${step}`)}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <h1 className="order__title">{title}</h1>
        <p className="order__facts">
          <span className="order__feature">{presentation.featureName}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={presentation.dateTime}>
            {formatLongDateTime(temporal(), presentation.dateTime, locale)}
          </time>
          <span aria-hidden="true"> · </span>
          <span>{presentation.venueName}</span>
        </p>
      </header>
      <OfflineNotice t={t} />
      {children}
    </div>
  )
}
