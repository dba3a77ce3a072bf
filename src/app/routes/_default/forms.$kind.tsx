import { createFileRoute } from "@tanstack/react-router"
import { MarketingFormPage } from "../../forms/MarketingFormPage.tsx"

/**
 * The marketing forms (issue 19; the spec names the pages, not their routes): `/forms/birthday`, `/forms/job`,
 * `/forms/contact`. Another kind shows the not-found text.
 */
export const Route = createFileRoute("/_default/forms/$kind")({
  component: FormRoute,
})

function FormRoute() {
  const { locale } = Route.useRouteContext()
  return <MarketingFormPage kind={Route.useParams().kind} locale={locale} />
}
