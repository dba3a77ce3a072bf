import { createFileRoute } from "@tanstack/react-router"
import { ChooseDonationsPage } from "../../shop/donations/ChooseDonationsPage.tsx"

/** The donation order's first screen (spec §2 chooseDonations). */
export const Route = createFileRoute("/_booking/donate")({
  component: DonateRoute,
})

function DonateRoute() {
  const { locale } = Route.useRouteContext()
  return <ChooseDonationsPage locale={locale} />
}
