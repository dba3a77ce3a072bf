/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core"
import { ExpirationPlugin } from "workbox-expiration"
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from "workbox-precaching"
import { NavigationRoute, registerRoute } from "workbox-routing"
import { CacheFirst, NetworkFirst } from "workbox-strategies"
import { withSavedAt } from "../src/app/lib/savedAtHeader.ts"

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> }

const DAY_SECONDS = 24 * 60 * 60

// The new version activates only when the user presses "Reload" in the update prompt (registerType: prompt).
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting()
})

// On the very first install there is no old worker to respect, so start serving this tab at once.
clientsClaim()

// The app shell (HTML, every JS/CSS chunk, icons), revisioned by the build, so the app starts offline.
precacheAndRoute(self.__WB_MANIFEST)

// Shells from earlier builds are dead weight once this one is installed.
cleanupOutdatedCaches()

// Client-side routes (deep links, reloads while offline) all get the cached shell; the router resolves them.
// /api is denied: an API address must reach the server or fail, never be answered with HTML.
// /sandbox is denied too: the sandbox payment providers' hosted pages are the server's, not the app's.
// /http… links leave the site: only the server knows which hosts it sends the browser on to (EXTERNAL_LINK_HOSTS).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/api(\/|$)/, /^\/sandbox(\/|$)/, /^\/http/i],
  }),
)

const isGet = (request: Request) => request.method === "GET"

// Config (enabled locales, timers): fresh when the network answers within 3 s, else the last copy.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && isGet(request) && url.pathname === "/api/config",
  new NetworkFirst({
    cacheName: "api-config",
    networkTimeoutSeconds: 3,
    plugins: [new ExpirationPlugin({ maxEntries: 2, maxAgeSeconds: 7 * DAY_SECONDS })],
  }),
  "GET",
)

// What's on, per full URL (language and filters): stale data offline beats an empty screen; the page says
// how old it is, from the moment each copy was kept (src/app/lib/savedAtHeader.ts: the stamp comes back with a
// copy answered from here, never with the network's answer, which is not read back from the cache).
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && isGet(request) && url.pathname === "/api/presentations/",
  new NetworkFirst({
    cacheName: "api-presentations",
    networkTimeoutSeconds: 3,
    plugins: [
      {
        // a plugin with its own cacheWillUpdate replaces the strategy's default, so it keeps only what that kept
        cacheWillUpdate: async ({ response }) => (response.ok ? withSavedAt(response, Date.now()) : null),
      },
      new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 7 * DAY_SECONDS }),
    ],
  }),
  "GET",
)

// One showing's public facts (`/api/presentations/{id}`: the showing, its ticket groups, prices and extras; no
// buyer's data — the calls that read the customer are sub-paths, not matched here): an order step reloaded with no
// signal opens from this copy when the page's own persisted copy is missing (it is written a second after a
// change, and a buyer may lose signal and reload within it).
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && isGet(request) && /^\/api\/presentations\/\d+$/.test(url.pathname),
  new NetworkFirst({
    cacheName: "api-presentation-details",
    networkTimeoutSeconds: 3,
    plugins: [new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 7 * DAY_SECONDS })],
  }),
  "GET",
)

// Seatplans (the compact body the seat screen loads, per hall and language): a hall's layout changes between
// seasons, so the network still wins when it answers within 3 s, and a buyer who loses signal in the lobby gets
// the hall they last opened. A few hundred bytes to a few KB each.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && isGet(request) && url.pathname === "/api/seats/seatplan-compact",
  new NetworkFirst({
    cacheName: "api-seatplans",
    networkTimeoutSeconds: 3,
    plugins: [new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 30 * DAY_SECONDS })],
  }),
  "GET",
)

// Pictures: films' posters (their own, or the drawn placeholder per language) and products' pictures. They change
// only with a new address (the poster's key is in it) or a rename, so the copy kept here is answered without asking
// the network: the what's-on list scrolls through dozens of them, offline too. Only 200s are kept (CacheFirst's
// default), at most 300 of a few KB each, none older than 30 days.
const PICTURE = /^\/api\/(features\/\d+\/(image|placeholderImage)|products\/\d+\/image)$/
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && isGet(request) && PICTURE.test(url.pathname),
  new CacheFirst({
    cacheName: "api-pictures",
    plugins: [
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
  "GET",
)

// No other /api rule, and no background sync: other reads go straight to the network, and writes (seat
// locks, commits, payments) are never cached or queued for replay — a lock must not fire days later.
