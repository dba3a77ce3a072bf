import { createFileRoute } from "@tanstack/react-router"
import { loadTemporal } from "../../lib/temporal.ts"
import { WalletPage } from "../../wallet/WalletPage.tsx"

/** "My tickets" (issue 17): the e-documents kept on this device, opening without signal or sign-in. */
export const Route = createFileRoute("/_default/wallet")({
  loader: () => loadTemporal(),
  component: WalletRoute,
})

function WalletRoute() {
  const { locale } = Route.useRouteContext()
  return <WalletPage locale={locale} />
}
