import type { Temporal } from "@js-temporal/polyfill"
import { Link } from "@tanstack/react-router"
import { useId } from "react"
import { formatDayHeading } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import type { DayGroup } from "./groupPresentations.ts"
import { PresentationItem } from "./PresentationItem.tsx"

type Props = {
  readonly day: DayGroup
  readonly today: Temporal.PlainDate
  readonly locale: LocaleCode
  readonly nowMs: number
  /** false on a film's own page, where its title would link to itself */
  readonly linkFeatures?: boolean
  /** false on a cinema's own page, where its name would link to itself */
  readonly linkCinemas?: boolean
}

/**
 * One day's showings by cinema, each cinema's name a way to its complex info: what's on, a film's page and the
 * search results list showings alike.
 */
export const DayShowings = ({
  day,
  today,
  locale,
  nowMs,
  linkFeatures = true,
  linkCinemas = true,
}: Props) => {
  const t = useT()
  const headingId = useId()
  return (
    <section className="day" aria-labelledby={headingId} data-testid="day-showings">
      <h2 id={headingId} className="day__heading">
        {day.date.equals(today) && <span className="day__relative">{t("whatsOn.today")}</span>}
        <span>{formatDayHeading(day.date, locale)}</span>
      </h2>
      <div className="day__locations">
        {day.locations.map((group) => (
          <section key={group.locationId} className="location" aria-label={group.locationName}>
            <h3 className="location__name">
              {linkCinemas ? (
                <Link
                  to="/cinemas/$locationId"
                  params={{ locationId: group.locationId }}
                  search={{ lang: locale }}
                  data-testid="cinema-link"
                >
                  {group.locationName}
                </Link>
              ) : (
                group.locationName
              )}
            </h3>
            <ul className="showings">
              {group.presentations.map((item) => (
                <PresentationItem
                  key={item.presentation.id}
                  item={item}
                  locale={locale}
                  nowMs={nowMs}
                  linkFeature={linkFeatures}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  )
}
