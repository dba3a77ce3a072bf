import { type VodState, vodState } from "../customerArea/states.ts"
import type { SaleFacts } from "../shared/onSale.ts"

/**
 * What a video-on-demand purchase gives (issue 16; spec §3 "Video-on-demand item", §4 states). Our choices,
 * written down here once for the commit, the player and the customer area:
 *
 * - A VOD presentation's listed time is its online premiere: its window opens then and lasts
 *   {@link VOD_WINDOW_HOURS} hours. Unlike a seat in a hall, it is sold until the window closes ("watch now"):
 *   bought before the premiere it waits (state `future`), bought during the window it plays at once. Every
 *   purchase of a presentation has the presentation's window.
 * - Within it the owner may start {@link VOD_PLAYBACK_LIMIT} playbacks. A playback is one press of play: it is
 *   counted once, and the video it opens may be read (seeked, resumed) for {@link PLAYBACK_HOURS} hours, never
 *   past the window's end.
 */
export const VOD_WINDOW_HOURS = 48
export const VOD_PLAYBACK_LIMIT = 3
export const PLAYBACK_HOURS = 4

const HOUR_MS = 3_600_000

export interface VodWindow {
  readonly fromMs: number
  readonly untilMs: number
}

/** Whether a VOD presentation is sold now: the back office has it on sale and its window is not over. */
export const vodOnSaleAt = (presentation: SaleFacts, nowMs: number): boolean =>
  presentation.isOnSale && nowMs < vodWindowOf(presentation.startsAtMs).untilMs

/** The window a purchase of a presentation starting at `startsAtMs` gives. */
export const vodWindowOf = (startsAtMs: number): VodWindow => ({
  fromMs: startsAtMs,
  untilMs: startsAtMs + VOD_WINDOW_HOURS * HOUR_MS,
})

export interface VodAccess {
  readonly fromMs: number
  readonly untilMs: number
  /** null: unlimited plays within the window (older purchases of the seed) */
  readonly playbackLimit: number | null
  readonly playbackCount: number
}

/** Why a playback may not start now: not yet open, over, or no plays left; null when it may. */
export type PlaybackRefusal = "vodNotYetAvailable" | "vodExpired" | "vodNoPlaybacksLeft"

export const playbackRefusal = (access: VodAccess, nowMs: number): PlaybackRefusal | null => {
  const state: VodState = vodState(access.fromMs, access.untilMs, nowMs)
  if (state === "future") return "vodNotYetAvailable"
  if (state === "expired") return "vodExpired"
  if (access.playbackLimit !== null && access.playbackCount >= access.playbackLimit)
    return "vodNoPlaybacksLeft"
  return null
}

/** Until when a playback started at `nowMs` may read the video: its hours, never past the window. */
export const playbackUntil = (access: VodAccess, nowMs: number): number =>
  Math.min(access.untilMs, nowMs + PLAYBACK_HOURS * HOUR_MS)
