import { createFileRoute } from "@tanstack/react-router"
import { loadWhatsOn } from "../../whats-on/loadWhatsOn.ts"
import { validateWhatsOnSearch, type WhatsOnSearch } from "../../whats-on/search.ts"
import { WhatsOnPage } from "../../whats-on/WhatsOnPage.tsx"

export const Route = createFileRoute("/_default/")({
  validateSearch: validateWhatsOnSearch,
  loaderDeps: ({ search }) => ({ lang: search.lang }),
  loader: ({ context }) => loadWhatsOn(context.queryClient, context.locale),
  component: WhatsOnRoute,
})

function WhatsOnRoute() {
  const { locale } = Route.useRouteContext()
  const { lang, ...filters } = Route.useSearch()
  const navigate = Route.useNavigate()
  const onFiltersChange = (next: WhatsOnSearch) =>
    void navigate({ search: { ...(lang === undefined ? {} : { lang }), ...next }, replace: true })
  return <WhatsOnPage locale={locale} filters={filters} onFiltersChange={onFiltersChange} />
}
