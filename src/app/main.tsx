import { QueryClientProvider } from "@tanstack/react-query"
import { type AnyRoute, RouterProvider } from "@tanstack/react-router"
import { StrictMode, startTransition } from "react"
import { createRoot } from "react-dom/client"
import { ensureDictionary } from "./i18n/dictionaries.ts"
import {
  applyDocumentLocale,
  DEFAULT_ENABLED_LOCALES,
  langFromSearch,
  resolveLocale,
} from "./i18n/locales.ts"
import { reloadForChunkError } from "./lib/chunkReload.ts"
import { configQueryOptions } from "./lib/configQuery.ts"
import { readsDeviceCopy } from "./lib/deviceCopyRoutes.ts"
import { afterDeviceCopyShown } from "./lib/deviceCopyShown.ts"
import { createQueryClient, persistQueries } from "./lib/queryClient.ts"
import { createAppRouter } from "./router.tsx"
import "./styles/base.css"

// Before anything renders, so an English or Russian page never paints right-to-left first. A language enabled by
// configuration only (ENABLED_LOCALES) is one the server's shell already answered in: its `<html lang>` is trusted.
const requestedLang = langFromSearch(window.location.search)
const servedLang = document.documentElement.lang
const firstLocale = resolveLocale(
  requestedLang,
  requestedLang === servedLang ? [...DEFAULT_ENABLED_LOCALES, servedLang] : DEFAULT_ENABLED_LOCALES,
).locale
applyDocumentLocale(document.documentElement, firstLocale)
// Fetched now, beside the entry's own work, not after it: the root route awaits the same load (dictionaries.ts
// keeps one promise per language), and its chunk was the first link of the start's request chain (issue 17).
ensureDictionary(firstLocale).catch(() => undefined)

// Vite fires this when a lazy chunk's preload fails (typically: a deploy removed the old hashed files).
window.addEventListener("vite:preloadError", (event) => {
  if (reloadForChunkError(event.payload)) event.preventDefault()
})

/** After the frame being rendered is on screen, when the main thread is idle (Safari lacks requestIdleCallback). */
const afterPaint = (task: () => void) =>
  requestAnimationFrame(() =>
    "requestIdleCallback" in window ? requestIdleCallback(task, { timeout: 2_000 }) : setTimeout(task, 0),
  )

/** The latest the cart log opens on a wallet or e-ticket screen that never says its copy is shown. */
const DEVICE_COPY_LATEST_MS = 10_000

const start = async () => {
  const queryClient = createQueryClient()
  // where TanStack's devtools (and e2e/customer-area.spec.ts, checking that signing out leaves nothing personal in
  // the cache) look for it; any script of this origin could read the same answers from the page anyway
  ;(window as { __TANSTACK_QUERY_CLIENT__?: unknown }).__TANSTACK_QUERY_CLIENT__ = queryClient
  // Once, before the first screen that reads the cache (the root route awaits it); the wallet and an e-ticket
  // do not, so a cold start there skips parsing the whole persisted cache (src/app/lib/deviceCopyRoutes.ts).
  let restored: Promise<void> | undefined
  const restoreQueries = () => {
    restored ??= persistQueries(queryClient)
    return restored
  }
  const deviceCopy = readsDeviceCopy(window.location.pathname)
  if (!deviceCopy) await restoreQueries()
  // Not awaited: the static locale defaults serve the first paint; spec §8 says config failures are swallowed.
  queryClient.prefetchQuery(configQueryOptions()).catch(() => undefined)

  const router = createAppRouter(queryClient, restoreQueries)
  // The first screen's route chunks are fetched now, while React starts, rather than after the root route's
  // language load: through the service worker each link of that chain costs a round trip (issue 17).
  for (const match of router.matchRoutes(router.state.location)) {
    const route = (router.routesById as unknown as Record<string, AnyRoute | undefined>)[match.routeId]
    // a failed load is the router's to report when it loads the same chunk itself
    if (route !== undefined) router.loadRouteChunk(route)?.catch(() => undefined)
  }

  const root = document.getElementById("root")
  if (root === null) throw new Error("index.html has no #root element")
  // The cart log and its reconciler load after the first paint, in their own chunk (Dexie and the domain's
  // schemas stay out of the entry): a held seat or a running step timer is checked against the server on start.
  // Not a bare setTimeout(0): that fired before the first route had rendered, so the ~80 KB cart chunk
  // competed with the first screen's own code and data (issue 17). A screen that needs the cart sooner opens
  // it itself (useCart).
  // On the wallet and an e-ticket it waits until the screen says the device's copy (its QR codes) is on screen.
  const unsubscribe = router.subscribe("onRendered", () => {
    unsubscribe()
    const openCart = () => {
      import("./cart/openCart.ts").then((module) => module.openCart()).catch(() => undefined)
    }
    if (deviceCopy) afterDeviceCopyShown(() => afterPaint(openCart), DEVICE_COPY_LATEST_MS)
    else afterPaint(openCart)
  })

  // The first screen loads before React's first commit, which then replaces the header and "loading" line the
  // server's HTML painted (src/server/http/shellDocument.ts) with the whole screen: never a blank page between them.
  await router.load().catch(() => undefined)
  // As a transition, as the router's own navigations render: React renders the first screen in slices that give
  // the main thread back every few milliseconds instead of one long task (a seat step has a button per seat)
  const app = createRoot(root)
  startTransition(() =>
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  )
}

// Inside a function, not a top-level await: with one in the entry, Rolldown gives every module the entry
// shares with a lazy route a chunk of its own (about 6 KB more gzipped JavaScript before the first paint).
void start()
