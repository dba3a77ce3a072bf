import type { QueryClient } from "@tanstack/react-query"
import { createRouter } from "@tanstack/react-router"
import { ErrorMessage } from "./errors/ErrorPage.tsx"
import { NotFoundMessage } from "./errors/NotFoundMessage.tsx"
import { LOADING_INDICATOR_DELAY_MS } from "./lib/breakpoints.ts"
import { routeTree } from "./routeTree.gen.ts"
import { RoutePending } from "./ui/RoutePending.tsx"

export const createAppRouter = (queryClient: QueryClient, restoreQueries: () => Promise<void>) =>
  createRouter({
    routeTree,
    context: { queryClient, restoreQueries },
    // Query owns caching; the router must call loaders every time so ensureQueryData decides.
    defaultPreloadStaleTime: 0,
    defaultPreload: "intent",
    // Spec §9 "fetch minimum delay 200 ms": quick answers never flash a loading state.
    defaultPendingMs: LOADING_INDICATOR_DELAY_MS,
    defaultPendingMinMs: 300,
    defaultPendingComponent: RoutePending,
    // Inside a layout's outlet the layout is already there; the root route's own components add it.
    defaultErrorComponent: ErrorMessage,
    defaultNotFoundComponent: NotFoundMessage,
    notFoundMode: "root",
    scrollRestoration: true,
  })

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
