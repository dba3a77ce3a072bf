/**
 * Whether a zoom gesture (wheel, pinch) is under way. A wheel has no end event, so a gesture rests once
 * `restMs` pass without a step; a pinch ends when a finger lifts (`end`). `onRest` runs when it rests by itself.
 */
export interface GestureRest {
  readonly active: boolean
  /** a step of the gesture: it rests `restMs` after the last one */
  step(): void
  /** ends it now (no `onRest`); answers whether one was under way */
  end(): boolean
}

export const createGestureRest = (onRest: () => void, restMs: number): GestureRest => {
  let timer: ReturnType<typeof setTimeout> | null = null
  const end = () => {
    if (timer === null) return false
    clearTimeout(timer)
    timer = null
    return true
  }
  return {
    get active() {
      return timer !== null
    },
    step: () => {
      end()
      timer = setTimeout(() => {
        timer = null
        onRest()
      }, restMs)
    },
    end,
  }
}
