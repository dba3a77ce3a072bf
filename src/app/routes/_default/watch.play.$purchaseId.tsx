import { createFileRoute } from "@tanstack/react-router"
import { PlayerPage } from "../../vod/PlayerPage.tsx"

/** The owner's player of a video-on-demand title they bought (issue 16). */
export const Route = createFileRoute("/_default/watch/play/$purchaseId")({
  component: PlayRoute,
})

function PlayRoute() {
  const { locale } = Route.useRouteContext()
  return <PlayerPage purchaseId={Route.useParams().purchaseId} locale={locale} />
}
