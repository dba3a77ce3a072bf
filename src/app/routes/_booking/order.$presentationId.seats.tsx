import { createFileRoute } from "@tanstack/react-router"
import { loadSeatSelection, parsePresentationId } from "../../order/loadSeatSelection.ts"
import { SeatSelectionPage } from "../../order/seats/SeatSelectionPage.tsx"

export const Route = createFileRoute("/_booking/order/$presentationId/seats")({
  params: {
    parse: ({ presentationId }) => ({ presentationId: parsePresentationId(presentationId) }),
    stringify: ({ presentationId }) => ({ presentationId: String(presentationId) }),
  },
  loaderDeps: ({ search }) => ({ lang: (search as { lang?: string }).lang }),
  loader: ({ context, params }) =>
    loadSeatSelection(context.queryClient, params.presentationId, context.locale),
  component: SeatsRoute,
})

function SeatsRoute() {
  const { locale } = Route.useRouteContext()
  const { presentationId } = Route.useParams()
  return <SeatSelectionPage presentationId={presentationId} locale={locale} />
}
