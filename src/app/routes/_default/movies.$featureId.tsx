import { createFileRoute, notFound } from "@tanstack/react-router"
import { MoviePage } from "../../movies/MoviePage.tsx"
import { loadWhatsOn } from "../../whats-on/loadWhatsOn.ts"

/** Issue 19's public pages: the spec names them (§1), not their routes. */
export const Route = createFileRoute("/_default/movies/$featureId")({
  params: {
    parse: ({ featureId }) => {
      const id = Number(featureId)
      if (!Number.isSafeInteger(id) || id < 1) throw notFound()
      return { featureId: id }
    },
    stringify: ({ featureId }) => ({ featureId: String(featureId) }),
  },
  // the showings come from what's on's list (persisted, so the page opens offline once seen)
  loader: ({ context }) => loadWhatsOn(context.queryClient, context.locale),
  component: PageRoute,
})

function PageRoute() {
  const { locale } = Route.useRouteContext()
  return <MoviePage featureId={Route.useParams().featureId} locale={locale} />
}
