import { createFileRoute } from "@tanstack/react-router"
import { TicketsPage } from "../../enrol/TicketsPage.tsx"

/** Season enrolment, chooseTickets (its own lazy route). */
export const Route = createFileRoute("/_booking/enrol/$membershipId/tickets")({
  component: EnrolTicketsRoute,
})

function EnrolTicketsRoute() {
  const { locale } = Route.useRouteContext()
  const { membershipId } = Route.useParams()
  return <TicketsPage membershipId={membershipId} locale={locale} />
}
