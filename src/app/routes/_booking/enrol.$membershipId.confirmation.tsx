import { createFileRoute } from "@tanstack/react-router"
import { ConfirmationPage } from "../../enrol/ConfirmationPage.tsx"

/** Season enrolment, confirmation (its own lazy route). */
export const Route = createFileRoute("/_booking/enrol/$membershipId/confirmation")({
  component: EnrolConfirmationRoute,
})

function EnrolConfirmationRoute() {
  const { locale } = Route.useRouteContext()
  const { membershipId } = Route.useParams()
  return <ConfirmationPage membershipId={membershipId} locale={locale} />
}
