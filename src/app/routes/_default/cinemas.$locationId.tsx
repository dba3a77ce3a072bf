import { createFileRoute, notFound } from "@tanstack/react-router"
import { CinemaPage } from "../../cinemas/CinemaPage.tsx"
import { loadWhatsOn } from "../../whats-on/loadWhatsOn.ts"

/** Issue 19's public pages: the spec names them (§1), not their routes. */
export const Route = createFileRoute("/_default/cinemas/$locationId")({
  params: {
    parse: ({ locationId }) => {
      const id = Number(locationId)
      if (!Number.isSafeInteger(id) || id < 1) throw notFound()
      return { locationId: id }
    },
    stringify: ({ locationId }) => ({ locationId: String(locationId) }),
  },
  // the showings come from what's on's list (persisted, so the page opens offline once seen)
  loader: ({ context }) => loadWhatsOn(context.queryClient, context.locale),
  component: PageRoute,
})

function PageRoute() {
  const { locale } = Route.useRouteContext()
  return <CinemaPage locationId={Route.useParams().locationId} locale={locale} />
}
