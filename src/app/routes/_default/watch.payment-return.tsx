import { createFileRoute, redirect } from "@tanstack/react-router"
import { rememberedPaymentLocale } from "../../lib/paymentLocale.ts"
import { WatchReturnPage } from "../../vod/WatchReturnPage.tsx"

type ReturnSearch = { readonly paymentId?: string; readonly reservationIdentifier?: string }

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined

/** Where the payment provider sends a video-on-demand buyer back; the page asks the server how it ended. */
export const Route = createFileRoute("/_default/watch/payment-return")({
  validateSearch: (search: Record<string, unknown>): ReturnSearch => {
    const paymentId = text(search.paymentId)
    const reservationIdentifier = text(search.reservationIdentifier)
    return {
      ...(paymentId === undefined ? {} : { paymentId }),
      ...(reservationIdentifier === undefined ? {} : { reservationIdentifier }),
    }
  },
  // the provider's redirect carries no language: the one the buyer paid in, remembered for this tab
  beforeLoad: ({ location }) => {
    const search = new URLSearchParams(location.searchStr)
    const remembered = rememberedPaymentLocale()
    if (search.has("lang") || remembered === null) return
    search.set("lang", remembered)
    throw redirect({ href: `${location.pathname}?${search}`, replace: true })
  },
  component: WatchReturnRoute,
})

function WatchReturnRoute() {
  const { locale } = Route.useRouteContext()
  const search = Route.useSearch()
  return (
    <WatchReturnPage
      paymentId={search.paymentId ?? null}
      reservationIdentifier={search.reservationIdentifier ?? null}
      locale={locale}
    />
  )
}
