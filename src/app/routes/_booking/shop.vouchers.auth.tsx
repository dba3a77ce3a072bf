import { createFileRoute } from "@tanstack/react-router"
import { VoucherAuthPage } from "../../shop/vouchers/VoucherAuthPage.tsx"

/** Spec §2 voucher order's auth step, between chooseVouchers and customerInfo. */
export const Route = createFileRoute("/_booking/shop/vouchers/auth")({
  component: VoucherAuthRoute,
})

function VoucherAuthRoute() {
  const { locale } = Route.useRouteContext()
  return <VoucherAuthPage locale={locale} />
}
