import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { useEffect, useMemo, useState } from "react"
import type { Feature } from "../../api/FeaturesApi.ts"
import { NotFoundMessage } from "../errors/NotFoundMessage.tsx"
import { languageName } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { temporal } from "../lib/temporal.ts"
import { DelayedSpinner } from "../ui/Spinner.tsx"
import { DayShowings } from "../whats-on/DayShowings.tsx"
import { DayStrip } from "../whats-on/DayStrip.tsx"
import { groupPresentations } from "../whats-on/groupPresentations.ts"
import { posterSrc } from "../whats-on/poster.ts"
import { presentationsQueryOptions } from "../whats-on/queries.ts"
import { jerusalemToday } from "../whats-on/today.ts"
import { featureQueryOptions } from "./queries.ts"
import "../whats-on/whats-on.css"
import "./movies.css"

type Props = { readonly featureId: number; readonly locale: LocaleCode }

/** A film's page (issue 19): poster, what the catalogue says of it, its trailer, and its showings by day and cinema. */
export const MoviePage = ({ featureId, locale }: Props) => {
  const t = useT()
  const feature = useQuery(featureQueryOptions(featureId, locale))
  if (feature.isPending) return <DelayedSpinner label={t("publicPages.loading")} />
  if (feature.data === null || feature.data === undefined) return <NotFoundMessage />
  return <Movie feature={feature.data} locale={locale} />
}

const Movie = ({ feature, locale }: { readonly feature: Feature; readonly locale: LocaleCode }) => {
  const t = useT()
  const T = temporal()
  const list = useSuspenseQuery(presentationsQueryOptions(locale))
  useEffect(() => {
    document.title = `${feature.name} · ${t("app.brand")}`
  }, [feature.name, t])
  const nowMs = Date.now()
  const today = jerusalemToday(T, nowMs)
  const days = useMemo(
    () =>
      groupPresentations(
        T,
        list.data.presentations.filter((each) => each.featureId === feature.id),
        locale,
      ).filter((day) => day.date.toString() >= today.toString()),
    [T, list.data, feature.id, locale, today],
  )
  // one day at a time, chosen on what's on's day strip: a film's fortnight at once is metres of page on a phone
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const day = days.find((each) => each.date.toString() === chosen) ?? days[0]
  const facts = [
    feature.categoryName,
    t("whatsOn.duration", { minutes: feature.duration }),
    feature.ageRating === "all"
      ? t("publicPages.movie.ageAll")
      : t("publicPages.movie.ageFrom", { rating: feature.ageRating }),
    t("whatsOn.language", { language: languageName(feature.language, locale) }),
    ...(feature.is3D ? [t("whatsOn.threeD")] : []),
  ]
  return (
    <article className="movie" data-testid="movie-page">
      <header className="movie__head">
        <img
          className="movie__poster"
          src={posterSrc(feature.id, feature.image, locale)}
          alt={t("publicPages.movie.poster", { title: feature.name })}
          width={160}
          height={240}
        />
        <div className="movie__about">
          <h1 className="page-head__title">{feature.name}</h1>
          <ul className="badges movie__facts">
            {facts.map((fact) => (
              <li key={fact} className="badge">
                {fact}
              </li>
            ))}
          </ul>
          {feature.synopsis !== "" && <p className="movie__synopsis">{feature.synopsis}</p>}
          {feature.trailerUrl !== null && (
            // through the server's /http… rule (src/domain/shared/externalLink.ts): an allowlisted host opens
            // directly, any other gets the leaving-site page that names it
            <a
              className="button button--ghost"
              href={`/${feature.trailerUrl}`}
              rel="noopener"
              data-testid="trailer-link"
            >
              {t("publicPages.movie.trailer")}
            </a>
          )}
        </div>
      </header>
      <h2 className="movie__showings-title">{t("publicPages.movie.showings")}</h2>
      {day === undefined ? (
        <p className="empty">{t("publicPages.movie.noShowings")}</p>
      ) : (
        <>
          <DayStrip
            days={days.map((each) => each.date)}
            selected={day.date}
            today={today}
            locale={locale}
            onSelect={setChosen}
          />
          <DayShowings day={day} today={today} locale={locale} nowMs={nowMs} linkFeatures={false} />
        </>
      )}
    </article>
  )
}
