import { createFileRoute } from "@tanstack/react-router"
import { loadSeatSelection, parsePresentationId } from "../../order/loadSeatSelection.ts"

/**
 * The ticket order of one presentation: this route owns `$presentationId` (a positive integer, else a 404) and
 * the loader every screen of the order needs (the presentation, its seatplan and statuses, Temporal); the
 * screens under it (seats, tickets, products, customer, pay) only render. No component: the screen is the
 * outlet.
 */
export const Route = createFileRoute("/_booking/order/$presentationId")({
  params: {
    parse: ({ presentationId }) => ({ presentationId: parsePresentationId(presentationId) }),
    stringify: ({ presentationId }) => ({ presentationId: String(presentationId) }),
  },
  loaderDeps: ({ search }) => ({ lang: search.lang }),
  loader: ({ context, params }) =>
    loadSeatSelection(context.queryClient, params.presentationId, context.locale),
})
