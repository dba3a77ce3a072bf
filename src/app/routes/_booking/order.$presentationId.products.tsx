import { createFileRoute } from "@tanstack/react-router"
import { loadSeatSelection, parsePresentationId } from "../../order/loadSeatSelection.ts"
import { ProductsPage } from "../../order/products/ProductsPage.tsx"

export const Route = createFileRoute("/_booking/order/$presentationId/products")({
  params: {
    parse: ({ presentationId }) => ({ presentationId: parsePresentationId(presentationId) }),
    stringify: ({ presentationId }) => ({ presentationId: String(presentationId) }),
  },
  loaderDeps: ({ search }) => ({ lang: (search as { lang?: string }).lang }),
  loader: ({ context, params }) =>
    loadSeatSelection(context.queryClient, params.presentationId, context.locale),
  component: ProductsRoute,
})

function ProductsRoute() {
  const { locale } = Route.useRouteContext()
  const { presentationId } = Route.useParams()
  return <ProductsPage presentationId={presentationId} locale={locale} />
}
