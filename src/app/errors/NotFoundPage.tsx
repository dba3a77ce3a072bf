import { Link } from "@tanstack/react-router"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { DefaultLayout } from "../layout/DefaultLayout.tsx"
import "./errors.css"

/**
 * Unknown routes and a `lang` that is not enabled both land here (spec §2). The content only, for a
 * not-found inside a layout's outlet; `NotFoundPage` adds the frame for one above every layout.
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

export const NotFoundPage = () => (
  <DefaultLayout>
    <NotFoundMessage />
  </DefaultLayout>
)
