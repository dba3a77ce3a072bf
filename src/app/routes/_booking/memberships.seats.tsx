import { createFileRoute } from "@tanstack/react-router"
import { MembershipSeatsPage } from "../../shop/memberships/MembershipSeatsPage.tsx"

/** Spec §2 membership order's chooseSeats: the membership's season seat. */
export const Route = createFileRoute("/_booking/memberships/seats")({
  component: MembershipSeatsRoute,
})

function MembershipSeatsRoute() {
  const { locale } = Route.useRouteContext()
  return <MembershipSeatsPage locale={locale} />
}
