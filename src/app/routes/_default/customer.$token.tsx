import { createFileRoute } from "@tanstack/react-router"
import { TokenPage } from "../../customer/signIn/TokenPage.tsx"

/** Spec §2 `/customer/{token}`: a sign-in link from a message, redeemed once. */
export const Route = createFileRoute("/_default/customer/$token")({
  component: TokenRoute,
})

function TokenRoute() {
  const { token } = Route.useParams()
  return <TokenPage token={token} />
}
