import { createFileRoute } from "@tanstack/react-router"
import { loadTemporal } from "../../lib/temporal.ts"
import { ConfirmationPage } from "../../payment/ConfirmationPage.tsx"

/**
 * Spec §2 `/edocument/{documentKey}`: the e-ticket page the SMS and e-mail link to. The key is the ticket: it
 * opens the paid order (QR, seats) and, once seen, opens again without signal.
 */
export const Route = createFileRoute("/_booking/edocument/$documentKey")({
  loader: () => loadTemporal(),
  component: EDocumentRoute,
})

function EDocumentRoute() {
  const { locale } = Route.useRouteContext()
  const { documentKey } = Route.useParams()
  return <ConfirmationPage identifier={null} documentKey={documentKey} locale={locale} />
}
