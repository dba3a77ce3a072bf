import { createFileRoute } from "@tanstack/react-router"
import { SeatSelectionPage } from "../../order/seats/SeatSelectionPage.tsx"

/** Params and loader are the parent's (order.$presentationId.tsx). */
export const Route = createFileRoute("/_booking/order/$presentationId/seats")({
  component: SeatsRoute,
})

function SeatsRoute() {
  const { locale } = Route.useRouteContext()
  const { presentationId } = Route.useParams()
  return <SeatSelectionPage presentationId={presentationId} locale={locale} />
}
