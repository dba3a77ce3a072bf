import { useQueryClient } from "@tanstack/react-query"
import { useRouterState } from "@tanstack/react-router"
import { useEffect, useRef } from "react"
import { ACTIVITY_EVENTS, createIdleTimer, type IdleTimer } from "./idleTimer.ts"

const BROWSER_TIMERS = {
  set: (run: () => void, ms: number) => window.setTimeout(run, ms),
  clear: (handle: unknown) => window.clearTimeout(handle as number),
}

/**
 * The route-change timer (spec §2, idleTimer.ts): five minutes after the last route change or activity, the
 * queries on screen are fetched again. Activity is heard passively, so scrolling never waits on it.
 */
export const useIdleRefresh = (): void => {
  const queryClient = useQueryClient()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const timer = useRef<IdleTimer | null>(null)
  useEffect(() => {
    const idle = createIdleTimer(() => void queryClient.invalidateQueries({ type: "active" }), BROWSER_TIMERS)
    timer.current = idle
    const onActivity = () => idle.reset()
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true })
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity)
      idle.stop()
      timer.current = null
    }
  }, [queryClient])
  // a route change starts the count again
  useEffect(() => {
    if (pathname !== "") timer.current?.reset()
  }, [pathname])
}
