import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useEffect, useMemo } from "react"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { temporal } from "../lib/temporal.ts"
import { DelayedSpinner } from "../ui/Spinner.tsx"
import { DayShowings } from "../whats-on/DayShowings.tsx"
import { groupPresentations } from "../whats-on/groupPresentations.ts"
import { posterSrc } from "../whats-on/poster.ts"
import { presentationsQueryOptions } from "../whats-on/queries.ts"
import { jerusalemToday } from "../whats-on/today.ts"
import { matchPresentations } from "./matchPresentations.ts"
import { featureSearchQueryOptions, searchable } from "./queries.ts"
import { SearchBox } from "./SearchBox.tsx"
import "../whats-on/whats-on.css"

type Props = { readonly query: string; readonly locale: LocaleCode }

/** The search's results: films (to their pages), then the showings found (to the order's seat step). */
export const SearchPage = ({ query, locale }: Props) => {
  const t = useT()
  const T = temporal()
  const list = useSuspenseQuery(presentationsQueryOptions(locale))
  const features = useQuery(featureSearchQueryOptions(query, locale))
  useEffect(() => {
    document.title = `${t("publicPages.search.title")} · ${t("app.brand")}`
  }, [t])
  const nowMs = Date.now()
  const today = jerusalemToday(T, nowMs)
  const found = features.data?.features ?? []
  const days = useMemo(() => {
    if (!searchable(query)) return []
    const ids = new Set(found.map((feature) => feature.id))
    return groupPresentations(T, matchPresentations(query, list.data.presentations, ids, nowMs), locale)
  }, [T, query, found, list.data, nowMs, locale])

  return (
    <div className="search-page" data-testid="search-page">
      <header className="page-head">
        <h1 className="page-head__title">{t("publicPages.search.title")}</h1>
      </header>
      <SearchBox key={query} initial={query} large />
      {!searchable(query) ? (
        <p className="empty">{t("publicPages.search.tooShort")}</p>
      ) : features.isPending ? (
        <DelayedSpinner label={t("publicPages.loading")} />
      ) : (
        <>
          <h2>{t("publicPages.search.films")}</h2>
          {found.length === 0 ? (
            <p className="empty" data-testid="no-films">
              {t("publicPages.search.noFilms", { query })}
            </p>
          ) : (
            <ul className="search-results" data-testid="film-results">
              {found.map((feature) => (
                <li key={feature.id} className="search-results__film">
                  <img
                    src={posterSrc(feature.id, feature.image, locale)}
                    alt=""
                    width={40}
                    height={60}
                    loading="lazy"
                  />
                  <Link to="/movies/$featureId" params={{ featureId: feature.id }} search={{ lang: locale }}>
                    {feature.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <h2>{t("publicPages.search.showings")}</h2>
          {days.length === 0 ? (
            <p className="empty">{t("publicPages.search.noShowings")}</p>
          ) : (
            days.map((day) => (
              <DayShowings key={day.date.toString()} day={day} today={today} locale={locale} nowMs={nowMs} />
            ))
          )}
        </>
      )}
    </div>
  )
}
