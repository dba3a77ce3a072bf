import { createFileRoute, redirect } from "@tanstack/react-router"
import { rememberedPaymentLocale } from "../../lib/paymentLocale.ts"
import { PaymentReturnPage } from "../../payment/PaymentReturnPage.tsx"
import { validateReturnSearch } from "../../payment/returnSearch.ts"

/** Where the payment provider sends the buyer back; the page asks the server how the payment ended. */
export const Route = createFileRoute("/_booking/order/payment-return")({
  validateSearch: validateReturnSearch,
  beforeLoad: ({ location }) => {
    const search = new URLSearchParams(location.searchStr)
    const remembered = rememberedPaymentLocale()
    if (search.has("lang") || remembered === null) return
    search.set("lang", remembered)
    throw redirect({ href: `${location.pathname}?${search}`, replace: true })
  },
  component: PaymentReturnRoute,
})

function PaymentReturnRoute() {
  const { locale } = Route.useRouteContext()
  const search = Route.useSearch()
  return (
    <PaymentReturnPage
      paymentId={search.paymentId ?? null}
      reservationIdentifier={search.reservationIdentifier ?? null}
      locale={locale}
    />
  )
}
