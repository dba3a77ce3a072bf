import { createFileRoute } from "@tanstack/react-router"
import { SeatsPage } from "../../enrol/SeatsPage.tsx"

/** Season enrolment, chooseSeats, the member seat (its own lazy route). */
export const Route = createFileRoute("/_booking/enrol/$membershipId/seats")({
  component: EnrolSeatsRoute,
})

function EnrolSeatsRoute() {
  const { locale } = Route.useRouteContext()
  const { membershipId } = Route.useParams()
  return <SeatsPage membershipId={membershipId} locale={locale} />
}
