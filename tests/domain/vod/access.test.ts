import { describe, expect, it } from "vitest"
import { playbackRefusal, playbackUntil, vodOnSaleAt, vodWindowOf } from "../../../src/domain/vod/access.ts"

const H = 3_600_000

describe("video-on-demand access", () => {
  const window = vodWindowOf(100 * H)
  const access = { ...window, playbackLimit: 3, playbackCount: 0 }

  it("opens at the presentation's start for 48 hours", () => {
    expect(window).toEqual({ fromMs: 100 * H, untilMs: 148 * H })
  })

  it("refuses before the window, after it, and with no plays left", () => {
    expect(playbackRefusal(access, 99 * H)).toBe("vodNotYetAvailable")
    expect(playbackRefusal(access, 100 * H)).toBeNull()
    expect(playbackRefusal(access, 148 * H)).toBe("vodExpired")
    expect(playbackRefusal({ ...access, playbackCount: 2 }, 120 * H)).toBeNull()
    expect(playbackRefusal({ ...access, playbackCount: 3 }, 120 * H)).toBe("vodNoPlaybacksLeft")
    expect(playbackRefusal({ ...access, playbackLimit: null, playbackCount: 99 }, 120 * H)).toBeNull()
  })

  it("a playback reads for its hours, never past the window", () => {
    expect(playbackUntil(access, 110 * H)).toBe(114 * H)
    expect(playbackUntil(access, 146 * H)).toBe(148 * H)
  })
})

describe("a VOD presentation on sale", () => {
  it("is sold until its window closes, and only when the back office has it on sale", () => {
    const p = { isOnSale: true, startsAtMs: 100 * H }
    expect(vodOnSaleAt(p, 50 * H)).toBe(true)
    expect(vodOnSaleAt(p, 147 * H)).toBe(true)
    expect(vodOnSaleAt(p, 148 * H)).toBe(false)
    expect(vodOnSaleAt({ ...p, isOnSale: false }, 50 * H)).toBe(false)
  })
})
