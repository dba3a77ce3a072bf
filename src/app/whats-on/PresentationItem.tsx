import { Link } from "@tanstack/react-router"
import { formatTime, languageName } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import type { ScheduledPresentation } from "./groupPresentations.ts"
import { posterSrc } from "./poster.ts"
import { availability } from "./purchasable.ts"

type Props = {
  readonly item: ScheduledPresentation
  readonly locale: LocaleCode
  /** The instant the list was drawn, epoch ms: a show that has started is no longer offered. */
  readonly nowMs: number
  /** the film's title links to its page (not on that page itself) */
  readonly linkFeature?: boolean
}

/** Poster size in CSS pixels: set on the element so the row never moves when the picture arrives. */
const POSTER_WIDTH = 48
const POSTER_HEIGHT = 72

/**
 * Which showing a button is for, for screen readers only, after its visible words: the accessible name then
 * begins with what is on screen in every language (WCAG 2.5.3, Lighthouse's label-content-name-mismatch).
 */
const ShowingName = ({ feature, time }: { readonly feature: string; readonly time: string }) => (
  <span className="visually-hidden">
    {": "}
    {feature}, <bdi>{time}</bdi>
  </span>
)

/**
 * One presentation and its way in: "Buy tickets" into the seat screen, or for video on demand (no seats)
 * "Watch now" into its own purchase page (src/app/vod). Either is dimmed when it cannot be bought today.
 */
export const PresentationItem = ({ item, locale, nowMs, linkFeature = true }: Props) => {
  const t = useT()
  const { presentation, start } = item
  const time = formatTime(start)
  const { purchasable, soldOut } = availability(item, nowMs)
  const badges: Array<{ key: string; text: string; tone?: "accent" | "vod" | "seats" | undefined }> = []
  // spec §3: whether the hall has numbered seats to choose, or is general admission (video on demand: neither)
  if (!presentation.isVod)
    badges.push({
      key: "seating",
      text: presentation.hasReservedSection ? t("whatsOn.reservedSeating") : t("whatsOn.freeSeating"),
      tone: presentation.hasReservedSection ? "seats" : undefined,
    })
  if (presentation.is3D) badges.push({ key: "3d", text: t("whatsOn.threeD"), tone: "accent" })
  if (presentation.isVod) badges.push({ key: "vod", text: t("whatsOn.vod"), tone: "vod" })
  badges.push({
    key: "language",
    text: t("whatsOn.language", { language: languageName(presentation.language, locale) }),
  })
  if (presentation.dubbing !== null)
    badges.push({
      key: "dubbing",
      text: t("whatsOn.dubbed", { language: languageName(presentation.dubbing, locale) }),
    })
  if (presentation.subtitles !== null)
    badges.push({
      key: "subtitles",
      text: t("whatsOn.subtitles", { language: languageName(presentation.subtitles, locale) }),
    })

  return (
    <li
      className="showing"
      data-testid="presentation"
      data-presentation={presentation.id}
      data-unavailable={purchasable ? undefined : "true"}
    >
      <img
        className="showing__poster"
        src={posterSrc(presentation.featureId, presentation.featureImage, locale)}
        // the film's name is the heading beside it: the picture adds nothing a screen reader should repeat
        alt=""
        width={POSTER_WIDTH}
        height={POSTER_HEIGHT}
        loading="lazy"
        decoding="async"
      />
      <time className="showing__time" dateTime={start.toInstant().toString()}>
        {time}
      </time>
      <div className="showing__body">
        <h4 className="showing__title">
          {linkFeature ? (
            <Link
              to="/movies/$featureId"
              params={{ featureId: presentation.featureId }}
              search={{ lang: locale }}
              data-testid="movie-link"
            >
              {presentation.featureName}
            </Link>
          ) : (
            presentation.featureName
          )}
        </h4>
        <p className="showing__meta">
          <span>{presentation.venueName}</span>
          <span aria-hidden="true"> · </span>
          <span>{t("whatsOn.duration", { minutes: presentation.duration })}</span>
        </p>
        <ul className="badges">
          {badges.map((badge) => (
            <li key={badge.key} className="badge" data-tone={badge.tone}>
              {badge.text}
            </li>
          ))}
        </ul>
      </div>
      <div className="showing__action">
        {presentation.isVod && purchasable ? (
          <Link
            className="button button--primary"
            to="/watch/$presentationId"
            params={{ presentationId: presentation.id }}
            search={{ lang: locale }}
            preload={false}
            data-testid="watch-now"
          >
            {t("vod.watchNow")}
            <ShowingName feature={presentation.featureName} time={time} />
          </Link>
        ) : purchasable ? (
          <Link
            className="button button--primary"
            to="/order/$presentationId/seats"
            params={{ presentationId: presentation.id }}
            search={{ lang: locale }}
            // no preloading on hover: a list of showings would ask for every hovered hall's seat statuses
            preload={false}
          >
            {t("whatsOn.buyTickets")}
            <ShowingName feature={presentation.featureName} time={time} />
          </Link>
        ) : (
          <button type="button" className="button button--disabled" disabled>
            {soldOut ? t("whatsOn.soldOut") : t("whatsOn.offSale")}
          </button>
        )}
      </div>
    </li>
  )
}
