export const CHUNK_RELOAD_KEY = "marquee:chunk-reload-at"
export const CHUNK_RELOAD_INTERVAL_MS = 60_000

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload helper
  /Loading chunk [\w-]+ failed/i,
]

/** A chunk that no longer exists usually means a deploy happened after this page was loaded. */
export const isChunkLoadError = (error: unknown): boolean => {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : ""
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message))
}

/**
 * Spec §8: a failed chunk load reloads the page, at most once a minute. The time of the last reload lives in
 * sessionStorage so a chunk that is really gone (not just stale) cannot put the tab into a reload loop.
 */
export const shouldReloadForChunkError = (
  storage: Pick<Storage, "getItem" | "setItem">,
  now: number,
): boolean => {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? Number.NaN)
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_INTERVAL_MS && now >= last) return false
  storage.setItem(CHUNK_RELOAD_KEY, String(now))
  return true
}

/** Returns whether a reload was started, so the caller can show the error page otherwise. */
export const reloadForChunkError = (error: unknown): boolean => {
  if (!isChunkLoadError(error)) return false
  try {
    if (!shouldReloadForChunkError(window.sessionStorage, Date.now())) return false
  } catch {
    return false // storage disabled: without the guard a reload could loop, so show the error page instead
  }
  window.location.reload()
  return true
}
