import { createFileRoute } from "@tanstack/react-router"
import { parseShopKind } from "../../shop/parsePositiveId.ts"
import { ShopPayPage } from "../../shop/ShopPayPage.tsx"

/** The pay step of an order without a showing (vouchers, donations, food alone). */
export const Route = createFileRoute("/_booking/shop/$kind/pay")({
  params: { parse: ({ kind }) => ({ kind: parseShopKind(kind) }), stringify: ({ kind }) => ({ kind }) },
  component: ShopPayRoute,
})

function ShopPayRoute() {
  const { locale } = Route.useRouteContext()
  const { kind } = Route.useParams()
  return <ShopPayPage kind={kind} locale={locale} />
}
