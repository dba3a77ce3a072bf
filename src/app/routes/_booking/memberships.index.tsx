import { createFileRoute } from "@tanstack/react-router"
import { ChooseMembershipsPage } from "../../shop/memberships/ChooseMembershipsPage.tsx"

/** Spec §2 membership order's first screen (chooseMemberships). */
export const Route = createFileRoute("/_booking/memberships/")({
  component: MembershipsRoute,
})

function MembershipsRoute() {
  const { locale } = Route.useRouteContext()
  return <ChooseMembershipsPage locale={locale} />
}
