import { createFileRoute } from "@tanstack/react-router"
import { loadTemporal } from "../../lib/temporal.ts"
import { ConfirmationPage } from "../../payment/ConfirmationPage.tsx"
import { KeptAtConfirmation } from "../../wallet/KeptAtConfirmation.tsx"

type ConfirmationSearch = { readonly key?: string }

/**
 * A paid order's confirmation; `key` is the order's e-document key (the link is the ticket). What was bought is
 * kept in the device's wallet here, at the confirmation, not only once its e-document is opened (issue 17).
 */
export const Route = createFileRoute("/_booking/order/confirmation/$identifier")({
  validateSearch: (search: Record<string, unknown>): ConfirmationSearch =>
    typeof search.key === "string" && search.key !== "" ? { key: search.key } : {},
  loader: () => loadTemporal(),
  component: ConfirmationRoute,
})

function ConfirmationRoute() {
  const { locale } = Route.useRouteContext()
  const { identifier } = Route.useParams()
  const { key } = Route.useSearch()
  return (
    <>
      <ConfirmationPage identifier={identifier} documentKey={key ?? ""} locale={locale} />
      <KeptAtConfirmation identifier={identifier} documentKey={key ?? ""} locale={locale} />
    </>
  )
}
