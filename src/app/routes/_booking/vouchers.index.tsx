import { createFileRoute } from "@tanstack/react-router"
import { VoucherTypesPage } from "../../shop/vouchers/VoucherTypesPage.tsx"

/** Spec §2 `/vouchers`: the voucher order's first screen, the kinds of voucher for sale. */
export const Route = createFileRoute("/_booking/vouchers/")({
  component: VoucherTypesRoute,
})

function VoucherTypesRoute() {
  const { locale } = Route.useRouteContext()
  return <VoucherTypesPage locale={locale} />
}
