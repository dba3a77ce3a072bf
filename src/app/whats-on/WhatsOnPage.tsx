import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { useEffect, useMemo } from "react"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { temporal } from "../lib/temporal.ts"
import { DayShowings } from "./DayShowings.tsx"
import { DayStrip } from "./DayStrip.tsx"
import { FreshnessNotice } from "./FreshnessNotice.tsx"
import { featureOptions, filterPresentations, locationOptionsFromList } from "./filterPresentations.ts"
import { type DayGroup, groupPresentations } from "./groupPresentations.ts"
import { locationsQueryOptions, presentationsQueryOptions } from "./queries.ts"
import type { WhatsOnSearch } from "./search.ts"
import { jerusalemToday } from "./today.ts"
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

  // By the filters' values: `filters` is a new object on every render (the route spreads its search), and
  // grouping the fortnight again whenever the cinemas' names arrive, a refetch starts or a day is picked was
  // the page's costliest repeated work (issue 17).
  const { location, feature } = filters
  const days = useMemo(
    () =>
      groupPresentations(
        T,
        filterPresentations(all, {
          ...(location === undefined ? {} : { location }),
          ...(feature === undefined ? {} : { feature }),
        }),
        locale,
      ),
    [T, all, location, feature, locale],
  )
  const features = useMemo(() => featureOptions(all, locale), [all, locale])
  const locationOptions = useMemo(
    () =>
      locations.data?.locations.map((location) => ({ id: location.LocationId, name: location.Name })) ??
      locationOptionsFromList(all, locale),
    [locations.data, all, locale],
  )
  const nowMs = Date.now()
  const today = jerusalemToday(T, nowMs)
  // days already past (the list keeps a started showing until it ends) have nothing left to offer
  const upcoming = days.filter((each) => each.date.toString() >= today.toString())
  const offered = upcoming.length > 0 ? upcoming : days
  const day = shownDay(offered, filters.date, today.toString())
  const onSelectDay = (date: string) => onFiltersChange({ ...filters, date })

  return (
    <div className="whats-on">
      <header className="page-head">
        <h1 className="page-head__title">{t("whatsOn.title")}</h1>
      </header>
      <FreshnessNotice
        locale={locale}
        updatedAt={list.data.savedAt ?? list.dataUpdatedAt}
        // a copy the service worker kept is no fresh answer, whatever the query says
        refreshFailed={list.isRefetchError || list.data.savedAt != null}
        refreshing={list.isFetching}
        onRetry={() => void list.refetch()}
      />
      <WhatsOnFilters
        locations={locationOptions}
        features={features}
        value={filters}
        onChange={onFiltersChange}
      />
      {days.length > 0 && day !== undefined && (
        <DayStrip
          days={offered.map((each) => each.date)}
          selected={day.date}
          today={today}
          locale={locale}
          onSelect={onSelectDay}
        />
      )}
      {day === undefined ? (
        <p className="empty">
          {all.length === 0 ? t("whatsOn.noPresentationsAtAll") : t("whatsOn.noPresentations")}
        </p>
      ) : (
        <DayShowings key={day.date.toString()} day={day} today={today} locale={locale} nowMs={nowMs} />
      )}
    </div>
  )
}

/**
 * The day the list shows: the one in the URL when it has showings; otherwise today, or when today has none left
 * (late evening, or a filter), the next day that has some, so the first screen is never an empty day.
 */
const shownDay = (
  days: ReadonlyArray<DayGroup>,
  asked: string | undefined,
  today: string,
): DayGroup | undefined =>
  days.find((each) => each.date.toString() === asked) ??
  days.find((each) => each.date.toString() >= today) ??
  days.at(-1)
