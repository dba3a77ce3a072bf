import { createCanvasPainter } from "./canvasPainter.ts"
import { createGlPainter, type GlPainter } from "./glPainter.ts"
import type { Painter } from "./painter.ts"
import type { FromWorker, ToWorker } from "./workerProtocol.ts"

/**
 * The seat map's painting worker (workerPainter.ts starts it; the messages are workerProtocol.ts's). It loads
 * regl, which compiles its draw commands with `Function`: the page's Content-Security-Policy refuses that, and
 * this script's own answer alone carries a policy that allows it (src/server/http/securityHeaders.ts), so an
 * injected string can never be evaluated in the page. It paints the canvas the page handed it with WebGL, or with
 * Canvas 2D where the OffscreenCanvas has no WebGL (Safari 16.4–16.x), and nothing else: seats, camera, picking
 * and input stay on the main thread.
 */

/** The part of a dedicated worker's global scope used here (the project compiles against the DOM library). */
interface WorkerScope {
  postMessage(message: FromWorker): void
  addEventListener(type: "message", listener: (event: MessageEvent<ToWorker>) => void): void
}

const scope = self as unknown as WorkerScope
const send = (message: FromWorker) => scope.postMessage(message)

let canvas: OffscreenCanvas | null = null
let painter: Painter | null = null
let gl: GlPainter | null = null
let colors = new Uint8Array(0)

/** A colour span into the worker's copy of every seat's colours, then to the painter as the changed span. */
const applyColors = (count: number, from: number, bytes: Uint8Array) => {
  if (colors.length !== 4 * count) colors = new Uint8Array(4 * count)
  colors.set(bytes, 4 * from)
  painter?.setColors(colors, { from, to: from + bytes.length / 4 })
}

const handle = (message: ToWorker) => {
  if (message.type === "canvas") {
    canvas = message.canvas
    gl = createGlPainter(
      canvas,
      () => send({ type: "restored" }),
      () => send({ type: "lost" }),
    )
    painter = gl ?? createCanvasPainter(canvas, () => send({ type: "restored" }))
    if (painter === null) return send({ type: "unavailable" })
    send({ type: "ready", kind: painter.kind, maxSide: painter.maxSide })
    return
  }
  // the canvas is always the first message (workerPainter.ts); without a context there is nothing to paint on,
  // and a read is answered at once rather than left waiting
  if (painter === null || canvas === null) {
    if (message.type === "readPixel") send({ type: "pixel", id: message.id, rgb: null })
    return
  }
  switch (message.type) {
    case "positions":
      painter.setPositions(message.positions)
      return
    case "colors":
      applyColors(message.count, message.from, message.bytes)
      return
    case "draw":
      // sizing the canvas clears it; a draw always follows a resize (the map marks the surface stale)
      if (canvas.width !== message.width) canvas.width = message.width
      if (canvas.height !== message.height) canvas.height = message.height
      painter.draw(message.camera, message.diameter, message.count, message.clip)
      send({ type: "drawn", id: message.id })
      return
    case "readPixel": {
      const { id } = message
      painter.readPixel(message.x, message.y).then((rgb) => send({ type: "pixel", id, rgb }))
      return
    }
    case "loseContext":
      gl?.loseContext(message.lose)
      return
  }
}

scope.addEventListener("message", (event) => handle(event.data))
