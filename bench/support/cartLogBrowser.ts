/**
 * The browser half of `bench/cart-log.ts`: bundled by Vite into one script, loaded by a page on a
 * `http://127.0.0.1` origin (IndexedDB needs one), it runs the shared measurements on Chromium's own
 * IndexedDB and leaves the outcome on `window.__cartLogBench` for the Node side to collect.
 * Parameters come in the query string: `appends`, `rounds`, `sizes` (comma-separated), `reps`, `bigReps`.
 */
import { type CartLogResults, measureCartLog } from "./cartLogMeasure.ts"

export type CartLogBrowserOutcome =
  | { readonly ok: true; readonly results: CartLogResults; readonly crossOriginIsolated: boolean }
  | { readonly ok: false; readonly error: string }

const target = window as unknown as {
  __cartLogBench?: CartLogBrowserOutcome
  __cartLogProgress?: Array<string>
}
const params = new URLSearchParams(location.search)
const numberParam = (name: string, fallback: number) => Number(params.get(name) ?? fallback)
const progress: Array<string> = []
target.__cartLogProgress = progress

measureCartLog({
  indexedDB: window.indexedDB,
  IDBKeyRange: window.IDBKeyRange,
  appends: numberParam("appends", 300),
  rounds: numberParam("rounds", 6),
  replaySizes: (params.get("sizes") ?? "1000,10000").split(",").map(Number),
  replayReps: (size) => (size >= 10_000 ? numberParam("bigReps", 3) : numberParam("reps", 9)),
  progress: (message) => progress.push(message),
}).then(
  (results) => {
    target.__cartLogBench = { ok: true, results, crossOriginIsolated: window.crossOriginIsolated }
  },
  (error: unknown) => {
    target.__cartLogBench = {
      ok: false,
      error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ""}` : String(error),
    }
  },
)
