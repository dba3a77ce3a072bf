import { createFileRoute } from "@tanstack/react-router"
import { isVoucherDocumentKey } from "../../../domain/edocument/voucherDocument.ts"
import { EDocumentPage } from "../../edocument/EDocumentPage.tsx"
import { VoucherDocumentPage } from "../../edocument/VoucherDocumentPage.tsx"
import { loadTemporal } from "../../lib/temporal.ts"

/**
 * Spec §2 `/edocument/{documentKey}`: the e-ticket page the SMS and e-mail link to. The key is the ticket: it
 * opens the order's e-tickets and, once seen, opens again without signal (kept in the device's wallet). A
 * voucher's key (issue 16: "e-ticket or voucher page") opens that one voucher's page.
 */
export const Route = createFileRoute("/_booking/edocument/$documentKey")({
  loader: () => loadTemporal(),
  component: EDocumentRoute,
})

function EDocumentRoute() {
  const { locale } = Route.useRouteContext()
  const { documentKey } = Route.useParams()
  return isVoucherDocumentKey(documentKey) ? (
    <VoucherDocumentPage documentKey={documentKey} locale={locale} />
  ) : (
    <EDocumentPage documentKey={documentKey} locale={locale} />
  )
}
