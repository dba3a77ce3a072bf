import { createFileRoute } from "@tanstack/react-router"
import { SearchPage } from "../../search/SearchPage.tsx"
import { loadWhatsOn } from "../../whats-on/loadWhatsOn.ts"

/** The public search's results (issue 19): `/search?q=…`. */
export const Route = createFileRoute("/_default/search")({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === "string" ? { q: search.q.slice(0, 100) } : {},
  loader: ({ context }) => loadWhatsOn(context.queryClient, context.locale),
  component: SearchRoute,
})

function SearchRoute() {
  const { locale } = Route.useRouteContext()
  return <SearchPage query={Route.useSearch().q ?? ""} locale={locale} />
}
