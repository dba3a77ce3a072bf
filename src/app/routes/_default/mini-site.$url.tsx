import { createFileRoute } from "@tanstack/react-router"
import { MiniSitePage } from "../../mini-site/MiniSitePage.tsx"

/** A partner's mini-site (spec §2 `/mini-site/{url}`). */
export const Route = createFileRoute("/_default/mini-site/$url")({
  component: () => <MiniSitePage url={Route.useParams().url} />,
})
