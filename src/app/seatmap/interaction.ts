import { type Camera, pan, type ScreenPoint, screenPoint, zoomAt } from "./camera.ts"

/**
 * The map's input: drag pan, wheel zoom, pinch zoom (two pointers), click to pick, mouse hover and touch
 * long-press for the seat tooltip, and arrow keys / + / − / 0 when the map has focus. Pure wiring: the
 * camera maths is in camera.ts, what a pick or a hover means is the caller's.
 */

export interface InteractionHandlers {
  camera(): Camera
  /** `continuous`: one step of a zoom gesture (wheel, pinch) */
  move(next: Camera, continuous?: boolean): void
  /** the zoom gesture ended (the fingers lifted) */
  settle(): void
  reset(): void
  pick(point: ScreenPoint): void
  /** a seat may be under `point` (mouse hover, touch long-press); null when the pointer left */
  hover(point: ScreenPoint | null): void
}

/** pointer travel (CSS px) after which a press is a drag, not a click */
const DRAG_THRESHOLD = 5
/** how long a still touch must stay down to show the tooltip instead of picking */
const LONG_PRESS_MS = 500
/** a key press pans by this share of the viewport */
const KEY_PAN = 0.15
export const ZOOM_STEP = 1.5

interface Press {
  start: ScreenPoint
  last: ScreenPoint
  dragging: boolean
  longPressed: boolean
  timer: ReturnType<typeof setTimeout> | null
}

export const attachInteraction = (target: HTMLElement, handlers: InteractionHandlers): (() => void) => {
  const pointers = new Map<number, ScreenPoint>()
  let press: (Press & { id: number }) | null = null
  let pinch: { distance: number; middle: ScreenPoint } | null = null

  const localPoint = (event: { clientX: number; clientY: number }): ScreenPoint => {
    // from the padding box: a framed map's window may have a border
    const box = target.getBoundingClientRect()
    const left = box.left + (target.clientLeft || 0)
    const top = box.top + (target.clientTop || 0)
    return screenPoint(event.clientX - left, event.clientY - top)
  }
  const middle = (): ScreenPoint => {
    const [a, b] = [...pointers.values()]
    return screenPoint(((a?.x ?? 0) + (b?.x ?? 0)) / 2, ((a?.y ?? 0) + (b?.y ?? 0)) / 2)
  }
  const spread = (): number => {
    const [a, b] = [...pointers.values()]
    return Math.hypot((a?.x ?? 0) - (b?.x ?? 0), (a?.y ?? 0) - (b?.y ?? 0))
  }
  const endPress = () => {
    if (press?.timer != null) clearTimeout(press.timer)
    press = null
  }

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === "mouse" && event.button !== 0) return
    const point = localPoint(event)
    pointers.set(event.pointerId, point)
    target.setPointerCapture?.(event.pointerId)
    if (pointers.size === 2) {
      // a second finger turns the press into a pinch: no click, no long-press
      endPress()
      handlers.hover(null)
      pinch = { distance: spread(), middle: middle() }
      return
    }
    if (pointers.size > 2) return
    const id = event.pointerId
    const timer =
      event.pointerType === "mouse"
        ? null
        : setTimeout(() => {
            if (press === null || press.id !== id || press.dragging) return
            press.longPressed = true
            handlers.hover(press.last)
          }, LONG_PRESS_MS)
    press = { id, start: point, last: point, dragging: false, longPressed: false, timer }
  }

  const onPointerMove = (event: PointerEvent) => {
    const point = localPoint(event)
    if (!pointers.has(event.pointerId)) {
      if (event.pointerType === "mouse") handlers.hover(point)
      return
    }
    pointers.set(event.pointerId, point)
    if (pinch !== null && pointers.size === 2) {
      const distance = spread()
      const now = middle()
      let camera = pan(handlers.camera(), now.x - pinch.middle.x, now.y - pinch.middle.y)
      if (pinch.distance > 0 && distance > 0) camera = zoomAt(camera, now, distance / pinch.distance)
      handlers.move(camera, true)
      pinch = { distance, middle: now }
      return
    }
    if (press === null || press.id !== event.pointerId) return
    if (!press.dragging && Math.hypot(point.x - press.start.x, point.y - press.start.y) > DRAG_THRESHOLD) {
      press.dragging = true
      if (press.timer !== null) clearTimeout(press.timer)
      if (press.longPressed) handlers.hover(null)
    }
    if (press.dragging) handlers.move(pan(handlers.camera(), point.x - press.last.x, point.y - press.last.y))
    else if (event.pointerType === "mouse") handlers.hover(point)
    press.last = point
  }

  const endPinch = () => {
    if (pointers.size >= 2 || pinch === null) return
    pinch = null
    handlers.settle()
  }

  const onPointerUp = (event: PointerEvent) => {
    pointers.delete(event.pointerId)
    endPinch()
    if (press === null || press.id !== event.pointerId) return
    const wasClick = !press.dragging && !press.longPressed
    endPress()
    if (wasClick) handlers.pick(localPoint(event))
  }

  const onPointerCancel = (event: PointerEvent) => {
    pointers.delete(event.pointerId)
    endPinch()
    endPress()
  }

  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === "mouse") handlers.hover(null)
  }

  const onWheel = (event: WheelEvent) => {
    event.preventDefault()
    const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1
    handlers.move(zoomAt(handlers.camera(), localPoint(event), Math.exp(-event.deltaY * lines * 0.002)), true)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const camera = handlers.camera()
    const { width, height } = camera.viewport
    const centre = screenPoint(width / 2, height / 2)
    // arrows move the view over the hall, like scrolling: → shows what is to the right (never mirrored)
    const step = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] } as const
    if (event.key in step) {
      const [dx, dy] = step[event.key as keyof typeof step]
      handlers.move(pan(camera, dx * width * KEY_PAN, dy * height * KEY_PAN))
    } else if (event.key === "+" || event.key === "=") handlers.move(zoomAt(camera, centre, ZOOM_STEP))
    else if (event.key === "-" || event.key === "_") handlers.move(zoomAt(camera, centre, 1 / ZOOM_STEP))
    else if (event.key === "0") handlers.reset()
    else return
    event.preventDefault()
  }

  target.addEventListener("pointerdown", onPointerDown)
  target.addEventListener("pointermove", onPointerMove)
  target.addEventListener("pointerup", onPointerUp)
  target.addEventListener("pointercancel", onPointerCancel)
  target.addEventListener("pointerleave", onPointerLeave)
  target.addEventListener("wheel", onWheel, { passive: false })
  target.addEventListener("keydown", onKeyDown)
  return () => {
    endPress()
    target.removeEventListener("pointerdown", onPointerDown)
    target.removeEventListener("pointermove", onPointerMove)
    target.removeEventListener("pointerup", onPointerUp)
    target.removeEventListener("pointercancel", onPointerCancel)
    target.removeEventListener("pointerleave", onPointerLeave)
    target.removeEventListener("wheel", onWheel)
    target.removeEventListener("keydown", onKeyDown)
  }
}
