import type { QueryClient } from "@tanstack/react-query"
import { createRootRouteWithContext, lazyRouteComponent, notFound, Outlet } from "@tanstack/react-router"
import { ErrorPage } from "../errors/ErrorPage.tsx"
import { ensureDictionary, translate } from "../i18n/dictionaries.ts"
import { applyDocumentLocale, DEFAULT_ENABLED_LOCALES, isLocaleCode, resolveLocale } from "../i18n/locales.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import { useIdleRefresh } from "../lib/useIdleRefresh.ts"
import { UpdatePrompt } from "../pwa/UpdatePrompt.tsx"
import { Toaster } from "../ui/Toaster.tsx"
import { useBackOnlineToast } from "../ui/useBackOnlineToast.ts"

export type RouterContext = { readonly queryClient: QueryClient }

export type RootSearch = { readonly lang?: string }

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: (search: Record<string, unknown>): RootSearch =>
    typeof search.lang === "string" ? { lang: search.lang } : {},
  beforeLoad: async ({ search, context }) => {
    // Config may not have answered yet; the static defaults decide until it has (first paint never waits), except
    // for a language that has a file but is enabled only by configuration (ENABLED_LOCALES, e.g. Arabic): that one
    // waits for the config rather than answer 404 to a page the server said exists
    const known = context.queryClient.getQueryData(configQueryOptions().queryKey)?.locales.enabled
    const enabled =
      known ??
      (isLocaleCode(search.lang) && !DEFAULT_ENABLED_LOCALES.includes(search.lang)
        ? await context.queryClient
            .ensureQueryData(configQueryOptions())
            .then((config) => config.locales.enabled)
            .catch(() => undefined)
        : undefined)
    const { found, locale } = resolveLocale(search.lang, enabled ?? DEFAULT_ENABLED_LOCALES)
    await ensureDictionary(locale)
    applyDocumentLocale(document.documentElement, locale)
    // search engines and link previews read it (Lighthouse's SEO audit); index.html's is the untranslated default
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute("content", translate(locale, "app.description"))
    if (!found) throw notFound()
    return { locale }
  },
  component: Root,
  // loaded when shown (a failed load shows the error page): the root route is not code-split, and the 404 page
  // brings the site's whole header with it
  notFoundComponent: lazyRouteComponent(() => import("../errors/NotFoundPage.tsx"), "NotFoundPage"),
  errorComponent: ErrorPage,
})

function Root() {
  useBackOnlineToast()
  useIdleRefresh()
  return (
    <>
      <Outlet />
      <Toaster />
      <UpdatePrompt />
    </>
  )
}
