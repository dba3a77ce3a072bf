import { createFileRoute } from "@tanstack/react-router"
import { PaymentReturnPage } from "../../enrol/PaymentReturnPage.tsx"
import { validateReturnSearch } from "../../payment/returnSearch.ts"

/** Season enrolment: where the payment provider sends the member back (its own lazy route). */
export const Route = createFileRoute("/_booking/enrol/$membershipId/payment-return")({
  validateSearch: validateReturnSearch,
  component: EnrolPaymentReturnRoute,
})

function EnrolPaymentReturnRoute() {
  const { locale } = Route.useRouteContext()
  const { membershipId } = Route.useParams()
  const search = Route.useSearch()
  return (
    <PaymentReturnPage
      membershipId={membershipId}
      paymentId={search.paymentId ?? null}
      reservationIdentifier={search.reservationIdentifier ?? null}
      locale={locale}
    />
  )
}
