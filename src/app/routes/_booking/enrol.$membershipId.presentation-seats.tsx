import { createFileRoute } from "@tanstack/react-router"
import { PresentationSeatsPage } from "../../enrol/PresentationSeatsPage.tsx"

/** Season enrolment, choosePresentationsSeats (its own lazy route). */
export const Route = createFileRoute("/_booking/enrol/$membershipId/presentation-seats")({
  component: EnrolPresentationSeatsRoute,
})

function EnrolPresentationSeatsRoute() {
  const { locale } = Route.useRouteContext()
  const { membershipId } = Route.useParams()
  return <PresentationSeatsPage membershipId={membershipId} locale={locale} />
}
