/**
 * Spec §2 and §9: five idle minutes (300,000 ms) reset the route-change timer. Every route change and every sign of
 * the buyer (a key, a pointer, a touch, a scroll) starts the five minutes again; when they run out with nobody
 * there, `onIdle` runs once and the count starts over. The app then brings the page's data up to date (a tab left
 * open on what's on shows the seats left now, not those of an hour ago). The clock is a port, so a test drives it.
 */
export const IDLE_MS = 300_000

export interface TimerPort {
  readonly set: (run: () => void, ms: number) => unknown
  readonly clear: (handle: unknown) => void
}

export interface IdleTimer {
  /** activity or a route change: the idle count starts again */
  readonly reset: () => void
  readonly stop: () => void
}

export const createIdleTimer = (
  onIdle: () => void,
  timers: TimerPort,
  idleMs: number = IDLE_MS,
): IdleTimer => {
  let handle: unknown
  let stopped = false
  const start = () => {
    if (stopped) return
    handle = timers.set(() => {
      onIdle()
      start()
    }, idleMs)
  }
  start()
  return {
    reset: () => {
      timers.clear(handle)
      start()
    },
    stop: () => {
      stopped = true
      timers.clear(handle)
    },
  }
}

/** What counts as the buyer being there. */
export const ACTIVITY_EVENTS = ["keydown", "pointerdown", "touchstart", "wheel", "scroll"] as const
