import { createFileRoute } from "@tanstack/react-router"
import { CustomerPage } from "../../order/customer/CustomerPage.tsx"
import { loadSeatSelection, parsePresentationId } from "../../order/loadSeatSelection.ts"

export const Route = createFileRoute("/_booking/order/$presentationId/customer")({
  params: {
    parse: ({ presentationId }) => ({ presentationId: parsePresentationId(presentationId) }),
    stringify: ({ presentationId }) => ({ presentationId: String(presentationId) }),
  },
  loaderDeps: ({ search }) => ({ lang: (search as { lang?: string }).lang }),
  loader: ({ context, params }) =>
    loadSeatSelection(context.queryClient, params.presentationId, context.locale),
  component: CustomerRoute,
})

function CustomerRoute() {
  const { locale } = Route.useRouteContext()
  const { presentationId } = Route.useParams()
  return <CustomerPage presentationId={presentationId} locale={locale} />
}
