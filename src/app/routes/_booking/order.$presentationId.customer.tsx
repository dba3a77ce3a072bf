import { createFileRoute } from "@tanstack/react-router"
import { CustomerPage } from "../../order/customer/CustomerPage.tsx"

/** Params and loader are the parent's (order.$presentationId.tsx). */
export const Route = createFileRoute("/_booking/order/$presentationId/customer")({
  component: CustomerRoute,
})

function CustomerRoute() {
  const { locale } = Route.useRouteContext()
  const { presentationId } = Route.useParams()
  return <CustomerPage presentationId={presentationId} locale={locale} />
}
