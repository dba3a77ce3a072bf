import type { QueryClient } from "@tanstack/react-query"
import { createRootRouteWithContext, lazyRouteComponent, notFound, Outlet } from "@tanstack/react-router"
import { lazy, type ReactNode, Suspense } from "react"
import { ErrorPage } from "../errors/ErrorPage.tsx"
import { ensureDictionary, translate } from "../i18n/dictionaries.ts"
import { applyDocumentLocale, DEFAULT_ENABLED_LOCALES, isLocaleCode, resolveLocale } from "../i18n/locales.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import { readsDeviceCopy } from "../lib/deviceCopyRoutes.ts"

export type RouterContext = {
  readonly queryClient: QueryClient
  /** the persisted query cache, restored once (src/app/main.tsx): before any screen but the device's copies */
  readonly restoreQueries: () => Promise<void>
}

export type RootSearch = { readonly lang?: string }

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: (search: Record<string, unknown>): RootSearch =>
    typeof search.lang === "string" ? { lang: search.lang } : {},
  beforeLoad: async ({ search, context, location }) => {
    if (!readsDeviceCopy(location.pathname)) await context.restoreQueries()
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

// The toasts, the idle refresh, the service worker's registration and its update prompt: beside the first screen,
// in their own chunk, out of the entry that every first screen waits for (issue 16's budget). A chunk that fails to
// load (offline without the worker, a deploy that removed it) leaves them out; it never takes the screen down.
const RootServices = lazy(() =>
  import("../layout/RootServices.tsx").then(
    ({ RootServices }): { default: () => ReactNode } => ({ default: RootServices }),
    () => ({ default: () => null }),
  ),
)

function Root() {
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <RootServices />
      </Suspense>
    </>
  )
}
