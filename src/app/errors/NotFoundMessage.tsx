import { Link } from "@tanstack/react-router"
import { useLocale, useT } from "../i18n/useI18n.ts"
import "./errors.css"

/**
 * Unknown routes and a `lang` that is not enabled both land here (spec §2). The content only, for a
 * not-found inside a layout's outlet; `NotFoundPage.tsx` adds the frame for one above every layout (loaded when
 * shown: it brings the site's whole header, which stays out of the first download).
 */
export const NotFoundMessage = () => {
  const t = useT()
  const locale = useLocale()
  return (
    <section className="dead-end" aria-labelledby="dead-end-title">
      <p className="dead-end__code" aria-hidden="true">
        {t("errors.notFoundTitle")}
      </p>
      <h1 id="dead-end-title" className="dead-end__title">
        {t("errors.notFound")}
      </h1>
      <Link to="/" search={{ lang: locale }} className="button button--primary">
        {t("app.home")}
      </Link>
    </section>
  )
}
