import { createFileRoute } from "@tanstack/react-router"
import { PayPage } from "../../payment/PayPage.tsx"

/** Params and loader are the parent's (order.$presentationId.tsx). */
export const Route = createFileRoute("/_booking/order/$presentationId/pay")({
  component: PayRoute,
})

function PayRoute() {
  const { locale } = Route.useRouteContext()
  const { presentationId } = Route.useParams()
  return <PayPage presentationId={presentationId} locale={locale} />
}
