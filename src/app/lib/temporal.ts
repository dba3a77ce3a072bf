import type { Temporal as TemporalPolyfill } from "@js-temporal/polyfill"

/** The polyfill's namespace type; native Temporal has the same shape for everything used here. */
export type TemporalApi = typeof TemporalPolyfill

let loaded: TemporalApi | undefined

/**
 * Native Temporal where the browser has it; otherwise the polyfill (~47 KB gzip) as its own chunk, so
 * browsers with native support never download it.
 */
export const loadTemporal = async (): Promise<TemporalApi> => {
  if (loaded !== undefined) return loaded
  const native = (globalThis as unknown as { Temporal?: TemporalApi }).Temporal
  loaded = native ?? (await import("@js-temporal/polyfill")).Temporal
  return loaded
}

/** For render code, after a loader has awaited `loadTemporal()`. */
export const temporal = (): TemporalApi => {
  if (loaded === undefined) throw new Error("Temporal used before loadTemporal() resolved")
  return loaded
}
