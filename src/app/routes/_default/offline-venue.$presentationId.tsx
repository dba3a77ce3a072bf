import { createFileRoute } from "@tanstack/react-router"
import { OfflineVenuePage } from "../../mini-site/OfflineVenuePage.tsx"
import { parsePresentationId } from "../../order/loadSeatSelection.ts"

/** The offline-venue view of one showing (spec §2); the order's loader sends buyers here. */
export const Route = createFileRoute("/_default/offline-venue/$presentationId")({
  params: {
    parse: ({ presentationId }) => ({ presentationId: parsePresentationId(presentationId) }),
    stringify: ({ presentationId }) => ({ presentationId: String(presentationId) }),
  },
  component: () => <OfflineVenuePage presentationId={Route.useParams().presentationId} />,
})
