import { readFile } from "node:fs/promises"
import { tanstackRouter } from "@tanstack/router-plugin/vite"
import react from "@vitejs/plugin-react"
import { defineConfig, type Plugin } from "vite"
import { VitePWA } from "vite-plugin-pwa"

/**
 * The web manifest lives at the repository root (design card), not in `public/`: this serves it at
 * `/manifest.webmanifest` in dev and copies it into `dist/` unchanged on build.
 */
const rootManifest = (): Plugin => {
  const file = new URL("./manifest.webmanifest", import.meta.url)
  return {
    name: "marquee:root-manifest",
    configureServer(server) {
      server.middlewares.use("/manifest.webmanifest", (_request, response) => {
        readFile(file).then(
          (body) => {
            response.setHeader("content-type", "application/manifest+json")
            response.end(body)
          },
          () => {
            response.statusCode = 404
            response.end()
          },
        )
      })
    },
    async generateBundle() {
      this.emitFile({ type: "asset", fileName: "manifest.webmanifest", source: await readFile(file) })
    },
  }
}

/**
 * Issue 16's budget (`npm run bench -- bundle`): the entry every first screen waits for carries `__vite__mapDeps`,
 * the list of what each lazy chunk it imports preloads with it. JavaScript is listed only for the chunks of the
 * screens a buyer lands on from outside, where a missing preload costs a round trip before the first paint: the seat
 * step, the payment's return, what's on (`_default`), the e-ticket and the wallet (offline starts, issue 17), the
 * layouts, the 404 page, and the chunks the entry itself loads (root services, the cart log, the Temporal polyfill,
 * the seat step's map and holds). Any other screen (the staff's, the shop, enrolment, the customer area, VOD…)
 * fetches its imports when its chunk runs, one round trip later; the app's own navigations find most of them loaded.
 * CSS stays listed for every chunk: a lazy chunk's styles are loaded only through that list. The Rolldown runtime is
 * the entry's own import, already loaded.
 */
const PRELOADS_IMPORTS =
  /(^|\/)(order\._presentationId\.seats|order\.payment-return|_booking|_default|edocument\._documentKey|wallet|NotFoundPage|RootServices|openCart|modern|SeatMapView|seatActions|compactSeatplan|statusBitmap)-[^/]*\.js$/

export default defineConfig({
  plugins: [
    // Must run before react(): it code-splits route components and writes src/app/routeTree.gen.ts.
    tanstackRouter({
      target: "react",
      routesDirectory: "src/app/routes",
      generatedRouteTree: "src/app/routeTree.gen.ts",
      autoCodeSplitting: true,
      quoteStyle: "double",
      semicolons: false,
      // The project writes relative imports with their extension; the generated tree follows suit.
      addExtensions: true,
    }),
    react(),
    rootManifest(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "workers",
      filename: "sw.ts",
      // A new worker waits for the user's yes (UpdatePrompt), never in the middle of a checkout.
      registerType: "prompt",
      // Registered by src/app/pwa/registerServiceWorker.ts with workbox-window, after the first render.
      injectRegister: false,
      // The manifest is the root file (see rootManifest above), not one generated from config.
      manifest: false,
      // Icons are in the glob below already; listing them from the manifest too would precache them twice.
      includeManifestIcons: false,
      // A service worker in dev serves stale modules and hides HMR.
      devOptions: { enabled: false },
      injectManifest: {
        // One classic script: every browser can register it without `type: "module"`.
        rollupFormat: "iife",
        // The app shell: entry and lazy chunks (locales and the Temporal polyfill included), styles, icons.
        // No `webmanifest`: the browser fetches it itself, and globbing it would add a duplicate entry.
        globPatterns: ["**/*.{js,css,html,svg,png,ico,woff2}"],
      },
    }),
  ],
  resolve: {
    alias: {
      // React 19 has useSyncExternalStore itself: the shim (for React < 18) that TanStack Store imports is
      // dead weight in the entry chunk; the non-shim build of the same selector hook uses React's own.
      "use-sync-external-store/shim/with-selector": "use-sync-external-store/with-selector",
    },
  },
  css: {
    // Lightning CSS resolves the spec's breakpoints written as @custom-media (src/app/styles/media.css).
    transformer: "lightningcss",
    lightningcss: { drafts: { customMedia: true } },
  },
  worker: {
    // one classic script (regl inlined, no chunks), at a name the server knows: `/assets/seatMapWorker-<hash>.js`
    // is the one answer whose Content-Security-Policy allows regl's `Function` (src/server/http/securityHeaders.ts)
    format: "iife",
    rolldownOptions: { output: { entryFileNames: "assets/[name]-[hash].js" } },
  },
  build: {
    outDir: "dist",
    cssMinify: "lightningcss",
    // Every browser we support preloads modules natively; the polyfill was 0.5 KB of the first screen.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps) =>
        PRELOADS_IMPORTS.test(filename)
          ? deps.filter((dep) => !dep.includes("rolldown-runtime-"))
          : deps.filter((dep) => dep.endsWith(".css")),
    },
    rolldownOptions: {
      output: {
        // A shared chunk (no module of its own behind it) is named by its hash alone: its name, repeated in every
        // preload list that names it, was 0.6 KB of the entry's gzipped bytes. Routes, lazy components and any
        // chunk named for the seat map, a payment or an order keep their names (bench/offline-start.ts reads them).
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId !== null || /seat|regl|pay|order/i.test(chunk.name)
            ? "assets/[name]-[hash].js"
            : "assets/[hash].js",
        codeSplitting: {
          // Everything the entry imports statically is fetched before any screen shows anyway: as one chunk it
          // is one request instead of ten (issue 17's request chain) and compresses better (issue 16's budget).
          groups: [
            { name: "app", tags: ["$initial"] },
            // three small modules the seat step shares with other screens: as chunks of their own each paid its
            // own gzip stream and import lines on the order's first screen (issue 16's budget); in the entry they
            // cost a few hundred bytes raw
            {
              name: "app",
              test: /src\/app\/lib\/useOnline\.ts|src\/domain\/seating\/seatKeys\.ts|useSuspenseQuery\.js/,
            },
          ],
        },
      },
    },
  },
  server: {
    // /sandbox: the sandbox payment providers' hosted pages, served by the API server
    proxy: { "/api": "http://127.0.0.1:3000", "/sandbox": "http://127.0.0.1:3000" },
  },
  preview: {
    // /sandbox: the sandbox payment providers' hosted pages, served by the API server
    proxy: { "/api": "http://127.0.0.1:3000", "/sandbox": "http://127.0.0.1:3000" },
  },
})
