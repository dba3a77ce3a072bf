import { createFileRoute } from "@tanstack/react-router"
import { CustomerPage } from "../../enrol/CustomerPage.tsx"

/** Season enrolment, customerInfo (its own lazy route). */
export const Route = createFileRoute("/_booking/enrol/$membershipId/customer")({
  component: EnrolCustomerRoute,
})

function EnrolCustomerRoute() {
  const { locale } = Route.useRouteContext()
  const { membershipId } = Route.useParams()
  return <CustomerPage membershipId={membershipId} locale={locale} />
}
