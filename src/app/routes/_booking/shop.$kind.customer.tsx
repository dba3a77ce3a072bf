import { createFileRoute } from "@tanstack/react-router"
import { parseShopKind } from "../../shop/parsePositiveId.ts"
import { ShopCustomerPage } from "../../shop/ShopCustomerPage.tsx"

/** The customer step of an order without a showing (vouchers, donations, food alone). */
export const Route = createFileRoute("/_booking/shop/$kind/customer")({
  params: { parse: ({ kind }) => ({ kind: parseShopKind(kind) }), stringify: ({ kind }) => ({ kind }) },
  component: ShopCustomerRoute,
})

function ShopCustomerRoute() {
  const { locale } = Route.useRouteContext()
  const { kind } = Route.useParams()
  return <ShopCustomerPage kind={kind} locale={locale} />
}
