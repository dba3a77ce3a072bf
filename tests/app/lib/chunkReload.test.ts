import { describe, expect, it } from "vitest"
import {
  CHUNK_RELOAD_INTERVAL_MS,
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  shouldReloadForChunkError,
} from "../../../src/app/lib/chunkReload.ts"

const memoryStorage = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  }
}

describe("isChunkLoadError", () => {
  it("recognises each browser's failed dynamic import", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js"))).toBe(
      true,
    )
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true)
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true)
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true)
  })

  it("ignores other errors", () => {
    expect(isChunkLoadError(new Error("GET /api/presentations/ answered 500"))).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
  })
})

describe("shouldReloadForChunkError", () => {
  it("reloads the first time and remembers when", () => {
    const storage = memoryStorage()
    expect(shouldReloadForChunkError(storage, 1_000_000)).toBe(true)
    expect(storage.data.get(CHUNK_RELOAD_KEY)).toBe("1000000")
  })

  it("does not reload again within a minute", () => {
    const storage = memoryStorage()
    shouldReloadForChunkError(storage, 1_000_000)
    expect(shouldReloadForChunkError(storage, 1_000_000 + CHUNK_RELOAD_INTERVAL_MS - 1)).toBe(false)
    expect(storage.data.get(CHUNK_RELOAD_KEY)).toBe("1000000")
  })

  it("reloads again once a minute has passed", () => {
    const storage = memoryStorage()
    shouldReloadForChunkError(storage, 1_000_000)
    expect(shouldReloadForChunkError(storage, 1_000_000 + CHUNK_RELOAD_INTERVAL_MS)).toBe(true)
  })

  it("recovers from a garbled or future timestamp", () => {
    expect(shouldReloadForChunkError(memoryStorage({ [CHUNK_RELOAD_KEY]: "nonsense" }), 5_000)).toBe(true)
    expect(shouldReloadForChunkError(memoryStorage({ [CHUNK_RELOAD_KEY]: "9000000" }), 5_000)).toBe(true)
  })
})
