import { createFileRoute } from "@tanstack/react-router"
import { loadSeatSelection, parsePresentationId } from "../../order/loadSeatSelection.ts"
import { TicketsPage } from "../../order/tickets/TicketsPage.tsx"

export const Route = createFileRoute("/_booking/order/$presentationId/tickets")({
  params: {
    parse: ({ presentationId }) => ({ presentationId: parsePresentationId(presentationId) }),
    stringify: ({ presentationId }) => ({ presentationId: String(presentationId) }),
  },
  loaderDeps: ({ search }) => ({ lang: (search as { lang?: string }).lang }),
  loader: ({ context, params }) =>
    loadSeatSelection(context.queryClient, params.presentationId, context.locale),
  component: TicketsRoute,
})

function TicketsRoute() {
  const { locale } = Route.useRouteContext()
  const { presentationId } = Route.useParams()
  return <TicketsPage presentationId={presentationId} locale={locale} />
}
