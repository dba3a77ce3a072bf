import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { useEffect, useMemo } from "react"
import { formatDayHeading, TIME_ZONE } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { temporal } from "../lib/temporal.ts"
import { FreshnessNotice } from "./FreshnessNotice.tsx"
import { featureOptions, filterPresentations, locationOptionsFromList } from "./filterPresentations.ts"
import { groupPresentations } from "./groupPresentations.ts"
import { PresentationItem } from "./PresentationItem.tsx"
import { locationsQueryOptions, presentationsQueryOptions } from "./queries.ts"
import type { WhatsOnSearch } from "./search.ts"
import { WhatsOnFilters } from "./WhatsOnFilters.tsx"
import "./whats-on.css"

type Props = {
  readonly locale: LocaleCode
  readonly filters: WhatsOnSearch
  readonly onFiltersChange: (next: WhatsOnSearch) => void
}

export const WhatsOnPage = ({ locale, filters, onFiltersChange }: Props) => {
  const t = useT()
  const T = temporal()
  const list = useSuspenseQuery(presentationsQueryOptions(locale))
  const locations = useQuery(locationsQueryOptions(locale))
  const all = list.data.presentations

  useEffect(() => {
    document.title = `${t("whatsOn.title")} · ${t("app.brand")}`
  }, [t])

  const days = useMemo(
    () => groupPresentations(T, filterPresentations(all, filters), locale),
    [T, all, filters, locale],
  )
  const features = useMemo(() => featureOptions(all, locale), [all, locale])
  const locationOptions = useMemo(
    () =>
      locations.data?.locations.map((location) => ({ id: location.LocationId, name: location.Name })) ??
      locationOptionsFromList(all, locale),
    [locations.data, all, locale],
  )
  const today = T.Now.plainDateISO(TIME_ZONE)
  const nowMs = T.Now.instant().epochMilliseconds
  const relativeDay = (date: typeof today): string | undefined => {
    const days = date.since(today).days
    return days === 0 ? t("whatsOn.today") : days === 1 ? t("whatsOn.tomorrow") : undefined
  }

  return (
    <div className="whats-on">
      <header className="page-head">
        <h1 className="page-head__title">{t("whatsOn.title")}</h1>
      </header>
      <FreshnessNotice
        locale={locale}
        updatedAt={list.dataUpdatedAt}
        refreshFailed={list.isRefetchError}
        refreshing={list.isFetching}
        onRetry={() => void list.refetch()}
      />
      <WhatsOnFilters
        locations={locationOptions}
        features={features}
        value={filters}
        onChange={onFiltersChange}
      />
      {days.length === 0 ? (
        <p className="empty">
          {all.length === 0 ? t("whatsOn.noPresentationsAtAll") : t("whatsOn.noPresentations")}
        </p>
      ) : (
        days.map((day) => {
          const headingId = `day-${day.date.toString()}`
          const relative = relativeDay(day.date)
          return (
            <section key={headingId} className="day" aria-labelledby={headingId}>
              <h2 id={headingId} className="day__heading">
                {relative !== undefined && <span className="day__relative">{relative}</span>}
                <span>{formatDayHeading(day.date, locale)}</span>
              </h2>
              <div className="day__locations">
                {day.locations.map((group) => (
                  <section key={group.locationId} className="location" aria-label={group.locationName}>
                    <h3 className="location__name">{group.locationName}</h3>
                    <ul className="showings">
                      {group.presentations.map((item) => (
                        <PresentationItem
                          key={item.presentation.id}
                          item={item}
                          locale={locale}
                          nowMs={nowMs}
                        />
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            </section>
          )
        })
      )}
    </div>
  )
}
