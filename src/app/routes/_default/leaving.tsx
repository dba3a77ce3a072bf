import { createFileRoute } from "@tanstack/react-router"
import { LeavingPage } from "../../errors/LeavingSite.tsx"

/** Where the server sends a `/http…` link to a host it does not redirect to (src/server/http/clientApp.ts). */
export const Route = createFileRoute("/_default/leaving")({
  validateSearch: (search: Record<string, unknown>): { readonly to?: string } =>
    typeof search.to === "string" ? { to: search.to } : {},
  component: function Leaving() {
    const { to } = Route.useSearch()
    return <LeavingPage to={to} />
  },
})
