import { createFileRoute, Outlet } from "@tanstack/react-router"
import { useLocale } from "../../i18n/useI18n.ts"
import { loadSeatSelection, parsePresentationId } from "../../order/loadSeatSelection.ts"
import { PresentationBrand } from "../../order/PresentationBrand.tsx"

/**
 * The ticket order of one presentation: this route owns `$presentationId` (a positive integer, else a 404) and
 * the loader every screen of the order needs (the presentation, its seatplan and statuses, Temporal); the
 * screens under it (seats, tickets, products, customer, pay) only render. Its component only hands them the
 * location's venue brand, whose wording they use (issue 19).
 */
export const Route = createFileRoute("/_booking/order/$presentationId")({
  params: {
    parse: ({ presentationId }) => ({ presentationId: parsePresentationId(presentationId) }),
    stringify: ({ presentationId }) => ({ presentationId: String(presentationId) }),
  },
  loaderDeps: ({ search }) => ({ lang: search.lang }),
  loader: ({ context, params }) =>
    loadSeatSelection(context.queryClient, params.presentationId, context.locale),
  component: OrderOfBrand,
})

function OrderOfBrand() {
  const { presentationId } = Route.useParams()
  return (
    <PresentationBrand presentationId={presentationId} locale={useLocale()}>
      <Outlet />
    </PresentationBrand>
  )
}
