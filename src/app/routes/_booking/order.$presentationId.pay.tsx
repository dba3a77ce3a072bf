import { createFileRoute } from "@tanstack/react-router"
import { loadSeatSelection, parsePresentationId } from "../../order/loadSeatSelection.ts"
import { PayPage } from "../../payment/PayPage.tsx"

export const Route = createFileRoute("/_booking/order/$presentationId/pay")({
  params: {
    parse: ({ presentationId }) => ({ presentationId: parsePresentationId(presentationId) }),
    stringify: ({ presentationId }) => ({ presentationId: String(presentationId) }),
  },
  loaderDeps: ({ search }) => ({ lang: (search as { lang?: string }).lang }),
  loader: ({ context, params }) =>
    loadSeatSelection(context.queryClient, params.presentationId, context.locale),
  component: PayRoute,
})

function PayRoute() {
  const { locale } = Route.useRouteContext()
  const { presentationId } = Route.useParams()
  return <PayPage presentationId={presentationId} locale={locale} />
}
