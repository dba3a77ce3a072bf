import { Link } from "@tanstack/react-router"
import { useLocale, useT } from "../i18n/useI18n.ts"
import "../errors/errors.css"

/**
 * The offline-venue view itself (spec §2 "offline-venue view", §8 "location offline"): the cinema is not selling
 * online, say so and lead back to what's on. Shown by every flow that can reach such a cinema: a showing's order
 * (OfflineVenuePage), a membership's season seats, an enrolment, the food-alone page's cinema. `name` is the
 * cinema's, when the server named it; `heading` h2 inside a page that has its own title.
 */
export const OfflineVenueNotice = ({
  name,
  heading: Heading = "h1",
}: {
  readonly name?: string | undefined
  readonly heading?: "h1" | "h2"
}) => {
  const t = useT()
  const locale = useLocale()
  return (
    <section className="dead-end" aria-labelledby="offline-title" data-testid="offline-venue">
      <Heading id="offline-title" className="dead-end__title">
        {t("partners.offline.title")}
      </Heading>
      <p className="dead-end__text">
        {name === undefined || name === ""
          ? t("partners.offline.textNoName")
          : t("partners.offline.text", { location: name })}
      </p>
      <p className="dead-end__text">{t("partners.offline.boxOffice")}</p>
      <div className="dead-end__actions">
        <Link to="/" search={{ lang: locale }} className="button button--primary">
          {t("partners.offline.whatsOn")}
        </Link>
      </div>
    </section>
  )
}
