import { createFileRoute } from "@tanstack/react-router"
import { ResumeOrderPage } from "../../order/ResumeOrderPage.tsx"

/** `/order` (spec §2): back into the order this tab's cart holds, or what's on when there is none. */
export const Route = createFileRoute("/_booking/order/")({
  component: ResumeOrderRoute,
})

function ResumeOrderRoute() {
  const { locale } = Route.useRouteContext()
  return <ResumeOrderPage locale={locale} />
}
