import { createFileRoute, redirect } from "@tanstack/react-router"
import { rememberedPaymentLocale } from "../../lib/paymentLocale.ts"
import { PaymentReturnPage } from "../../payment/PaymentReturnPage.tsx"

type ReturnSearch = { readonly paymentId?: string; readonly reservationIdentifier?: string }

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined

/** Where the payment provider sends the buyer back; the page asks the server how the payment ended. */
export const Route = createFileRoute("/_booking/order/payment-return")({
  validateSearch: (search: Record<string, unknown>): ReturnSearch => {
    const paymentId = text(search.paymentId)
    const reservationIdentifier = text(search.reservationIdentifier)
    return {
      ...(paymentId === undefined ? {} : { paymentId }),
      ...(reservationIdentifier === undefined ? {} : { reservationIdentifier }),
    }
  },
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
