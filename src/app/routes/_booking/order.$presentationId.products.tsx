import { createFileRoute } from "@tanstack/react-router"
import { ProductsPage } from "../../order/products/ProductsPage.tsx"

/** Params and loader are the parent's (order.$presentationId.tsx). */
export const Route = createFileRoute("/_booking/order/$presentationId/products")({
  component: ProductsRoute,
})

function ProductsRoute() {
  const { locale } = Route.useRouteContext()
  const { presentationId } = Route.useParams()
  return <ProductsPage presentationId={presentationId} locale={locale} />
}
