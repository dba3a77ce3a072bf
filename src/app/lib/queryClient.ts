import { QueryClient } from "@tanstack/react-query"
import { ApiError } from "./api.ts"

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: {
      /** kept in localStorage for offline use (an anonymous e-ticket, never anything personal) */
      readonly persist?: boolean
      /** may answer the signed-in customer's own: signing out removes it (customer/signIn/clearCustomerData.ts) */
      readonly personal?: boolean
    }
  }
}

const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60_000

/** The app's default: a failed query asks once more (a lost answer, a server fault, a flaky network). */
export const QUERY_RETRIES = 1

/** A refusal the server meant: a 4xx that names its code (locationOffline, noEventFound…; only 4xx carry one). */
export const isServerRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.code !== undefined

/**
 * The seat queries' retry rule: asking again changes nothing after a refusal the server meant, so its view comes
 * at once; any other failure follows the app's default.
 */
export const retryUnlessRefused = (failures: number, error: unknown): boolean =>
  !isServerRefusal(error) && failures < QUERY_RETRIES

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // Persisted answers are dropped from memory no sooner than from storage, or a restore would be lost.
        gcTime: PERSIST_MAX_AGE_MS,
        // Try the network even when the browser claims to be offline: the service worker may answer.
        networkMode: "offlineFirst",
        retry: QUERY_RETRIES,
      },
    },
  })

/**
 * Restores what was persisted (so the last what's-on renders with no network) and keeps saving it. Only
 * successful queries marked `meta.persist` are written: other answers may be personal or short-lived.
 * Resolves after the restore, so the router's loaders see the restored cache.
 */
export const persistQueries = async (queryClient: QueryClient): Promise<void> => {
  let storage: Storage | undefined
  try {
    storage = window.localStorage
  } catch {
    return // storage blocked (privacy mode): the app still works, only without offline what's-on
  }
  // its own chunk (with query-core's hydration), fetched while the language's texts are: out of the first screen's
  // entry (issue 16's budget), and not needed at all by a cold start on the wallet or an e-ticket
  const modules = await Promise.all([
    import("@tanstack/query-sync-storage-persister"),
    import("@tanstack/react-query-persist-client"),
  ]).catch(() => undefined)
  if (modules === undefined) return // its chunk failed to load: the app still works, only without the cache
  const [{ createSyncStoragePersister }, { persistQueryClient }] = modules
  const [, restored] = persistQueryClient({
    queryClient,
    persister: createSyncStoragePersister({ storage, key: "marquee:queries", throttleTime: 1000 }),
    maxAge: PERSIST_MAX_AGE_MS,
    // Bump when a persisted answer's shape changes, so old shapes are never rendered.
    buster: "whats-on-v1",
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === "success" && query.meta?.persist === true,
    },
  })
  await restored.catch(() => undefined)
}
