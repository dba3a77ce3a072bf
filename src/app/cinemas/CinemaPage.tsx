import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useEffect, useMemo } from "react"
import type { CinemaInfo } from "../../api/CinemasApi.ts"
import { NotFoundMessage } from "../errors/NotFoundMessage.tsx"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { temporal } from "../lib/temporal.ts"
import { DelayedSpinner } from "../ui/Spinner.tsx"
import { DayShowings } from "../whats-on/DayShowings.tsx"
import { groupPresentations } from "../whats-on/groupPresentations.ts"
import { presentationsQueryOptions } from "../whats-on/queries.ts"
import { jerusalemToday } from "../whats-on/today.ts"
import { OpeningHoursList } from "./OpeningHoursList.tsx"
import { cinemaQueryOptions } from "./queries.ts"
import "../whats-on/whats-on.css"
import "./cinemas.css"

type Props = { readonly locationId: number; readonly locale: LocaleCode }

/** A cinema's complex info (spec §1: hours, parking, accessibility) and what it shows today. */
export const CinemaPage = ({ locationId, locale }: Props) => {
  const t = useT()
  const cinema = useQuery(cinemaQueryOptions(locationId, locale))
  if (cinema.isPending) return <DelayedSpinner label={t("publicPages.loading")} />
  if (cinema.data === null || cinema.data === undefined) return <NotFoundMessage />
  return <Cinema cinema={cinema.data} locale={locale} />
}

const Cinema = ({ cinema, locale }: { readonly cinema: CinemaInfo; readonly locale: LocaleCode }) => {
  const t = useT()
  const T = temporal()
  const list = useSuspenseQuery(presentationsQueryOptions(locale))
  useEffect(() => {
    document.title = `${cinema.name} · ${t("app.brand")}`
  }, [cinema.name, t])
  const nowMs = Date.now()
  const today = jerusalemToday(T, nowMs)
  const todays = useMemo(
    () =>
      groupPresentations(
        T,
        list.data.presentations.filter((each) => each.locationId === cinema.locationId),
        locale,
      ).find((day) => day.date.equals(today)),
    [T, list.data, cinema.locationId, locale, today],
  )
  return (
    <article className="cinema" data-testid="cinema-page">
      <header className="page-head">
        <h1 className="page-head__title">{cinema.name}</h1>
        <p className="cinema__address">
          {cinema.address}, {cinema.city}
        </p>
        {cinema.phone !== null && (
          <p>
            {t("publicPages.cinema.phone")}{" "}
            <a href={`tel:${cinema.phone}`} dir="ltr">
              {cinema.phone}
            </a>
          </p>
        )}
      </header>
      <div className="cinema__facts">
        {cinema.openingHours.length > 0 && (
          <section className="cinema__fact" aria-labelledby="cinema-hours">
            <h2 id="cinema-hours">{t("publicPages.cinema.hours")}</h2>
            <OpeningHoursList hours={cinema.openingHours} locale={locale} />
          </section>
        )}
        {cinema.parking !== null && (
          <section className="cinema__fact" aria-labelledby="cinema-parking">
            <h2 id="cinema-parking">{t("publicPages.cinema.parking")}</h2>
            <p data-testid="cinema-parking">{cinema.parking}</p>
          </section>
        )}
        {cinema.accessibility !== null && (
          <section className="cinema__fact" aria-labelledby="cinema-accessibility">
            <h2 id="cinema-accessibility">{t("publicPages.cinema.accessibility")}</h2>
            <p data-testid="cinema-accessibility">{cinema.accessibility}</p>
          </section>
        )}
      </div>
      {todays === undefined ? (
        <p className="empty">{t("publicPages.cinema.noShowingsToday")}</p>
      ) : (
        <DayShowings day={todays} today={today} locale={locale} nowMs={nowMs} linkCinemas={false} />
      )}
      <p>
        <Link to="/" search={{ lang: locale, location: cinema.locationId }} data-testid="cinema-whats-on">
          {t("publicPages.cinema.allShowings")}
        </Link>
      </p>
    </article>
  )
}
