import { createFileRoute } from "@tanstack/react-router"
import { TicketsPage } from "../../order/tickets/TicketsPage.tsx"

/** Params and loader are the parent's (order.$presentationId.tsx). */
export const Route = createFileRoute("/_booking/order/$presentationId/tickets")({
  component: TicketsRoute,
})

function TicketsRoute() {
  const { locale } = Route.useRouteContext()
  const { presentationId } = Route.useParams()
  return <TicketsPage presentationId={presentationId} locale={locale} />
}
