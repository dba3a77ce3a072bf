import { createFileRoute } from "@tanstack/react-router"
import { PresentationsPage } from "../../enrol/PresentationsPage.tsx"

/** Season enrolment, choosePresentations (its own lazy route). */
export const Route = createFileRoute("/_booking/enrol/$membershipId/presentations")({
  component: EnrolPresentationsRoute,
})

function EnrolPresentationsRoute() {
  const { locale } = Route.useRouteContext()
  const { membershipId } = Route.useParams()
  return <PresentationsPage membershipId={membershipId} locale={locale} />
}
