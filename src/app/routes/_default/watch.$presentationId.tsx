import { createFileRoute, notFound } from "@tanstack/react-router"
import { WatchPage } from "../../vod/WatchPage.tsx"

/** "Watch now" on a video-on-demand presentation: buy access to it (issue 16). */
export const Route = createFileRoute("/_default/watch/$presentationId")({
  params: {
    parse: ({ presentationId }) => {
      const id = Number(presentationId)
      if (!Number.isSafeInteger(id) || id < 1) throw notFound()
      return { presentationId: id }
    },
    stringify: ({ presentationId }) => ({ presentationId: String(presentationId) }),
  },
  component: WatchRoute,
})

function WatchRoute() {
  const { locale } = Route.useRouteContext()
  return <WatchPage presentationId={Route.useParams().presentationId} locale={locale} />
}
