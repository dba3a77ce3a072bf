import createRegl from "regl"
import { viewMatrix } from "./camera.ts"
import type { DeviceRect, OnRestored, Painter } from "./painter.ts"
import { BACKGROUND, type Rgb } from "./palette.ts"

/**
 * The WebGL painter (modelled on regl-scatterplot's renderer). It runs only inside the painting worker
 * (seatMapWorker.ts), on the page's canvas handed over as an OffscreenCanvas: regl builds its draw commands with
 * `Function`, which the page's Content-Security-Policy refuses and only the worker script's own policy allows
 * (docs/security.md).
 *
 * - Seats are `gl.POINTS` (instancing is ~25× slower in SwiftShader, see STACK-NOTES): one static position
 *   buffer uploaded once per seatplan, one dynamic RGBA byte buffer that statuses and selection rewrite with
 *   `subdata`; the geometry is never touched by a status change.
 * - A clipped draw (only the visible window of a larger canvas, see panSurface.ts) clears and draws inside a
 *   scissor box, so its cost follows the window, not the canvas.
 * - Lost context: drawing stops; on restore the regl instance is rebuilt from the CPU copies it was given.
 * - The drawing buffer is preserved so tests (and the benchmark) can read pixels back.
 */

const VERT = `
precision highp float;
attribute vec2 position;
attribute vec4 color;
uniform mat3 view;
uniform float pointSize;
varying vec3 vColor;
void main() {
  vec3 p = view * vec3(position, 1.0);
  gl_Position = vec4(p.xy, 0.0, 1.0);
  gl_PointSize = pointSize;
  vColor = color.rgb;
}`

const FRAG_ROUND = `
precision mediump float;
varying vec3 vColor;
void main() {
  vec2 d = gl_PointCoord - 0.5;
  if (dot(d, d) > 0.25) discard;
  gl_FragColor = vec4(vColor, 1.0);
}`

/** Seats under three device pixels look the same square; without `discard` SwiftShader fills them ~2× faster. */
const FRAG_SQUARE = `
precision mediump float;
varying vec3 vColor;
void main() {
  gl_FragColor = vec4(vColor, 1.0);
}`

const SQUARE_BELOW = 3

type DrawProps = { view: Float32Array; pointSize: number; count: number }
type ScissorProps = { box: { x: number; y: number; width: number; height: number } }

const CLEAR: [number, number, number, number] = [
  BACKGROUND[0] / 255,
  BACKGROUND[1] / 255,
  BACKGROUND[2] / 255,
  1,
]

interface Gpu {
  readonly regl: createRegl.Regl
  readonly positions: createRegl.Buffer
  readonly colors: createRegl.Buffer
  readonly drawRound: createRegl.DrawCommand<createRegl.DefaultContext, DrawProps>
  readonly drawSquare: createRegl.DrawCommand<createRegl.DefaultContext, DrawProps>
  readonly scissored: createRegl.DrawCommand<createRegl.DefaultContext, ScissorProps>
  readonly maxPointSize: number
  readonly maxSide: number
}

/** A canvas rectangle (from the top-left) as GL's scissor box (from the bottom-left). */
const glBox = (rect: DeviceRect, canvasHeight: number): ScissorProps["box"] => ({
  x: rect.x,
  y: canvasHeight - rect.y - rect.height,
  width: rect.width,
  height: rect.height,
})

/** The context attributes both the map and its tests rely on. */
export const GL_ATTRIBUTES: WebGLContextAttributes = {
  antialias: false,
  alpha: false,
  preserveDrawingBuffer: true,
}

/** What the worker asks of the WebGL painter besides painting: the test hook's context loss. */
export interface GlPainter extends Painter {
  /** loses (`lose`) or restores the context through `WEBGL_lose_context`, as a driver reset would */
  loseContext(lose: boolean): void
}

/**
 * A WebGL painter on `canvas`, or null where WebGL cannot be had (the caller falls back to Canvas 2D). `onLost`
 * and `onRestored` say when the context goes and comes back.
 */
export const createGlPainter = (
  canvas: OffscreenCanvas,
  onRestored: OnRestored,
  onLost: () => void = () => undefined,
): GlPainter | null => {
  let gl: WebGLRenderingContext | null = null
  try {
    gl = canvas.getContext("webgl", GL_ATTRIBUTES)
  } catch {
    gl = null
  }
  if (gl === null) return null
  const context = gl

  let positionData: Float32Array = new Float32Array(0)
  let colorData: Uint8Array = new Uint8Array(0)
  let lost = false
  let loser: WEBGL_lose_context | null = null

  const build = (): Gpu => {
    const regl = createRegl({ gl: context })
    const positions = regl.buffer({ usage: "static", type: "float", data: positionData })
    const colors = regl.buffer({ usage: "dynamic", type: "uint8", data: colorData })
    const command = (frag: string) =>
      regl<{ view: Float32Array; pointSize: number }, Record<string, unknown>, DrawProps>({
        vert: VERT,
        frag,
        attributes: {
          position: { buffer: positions, size: 2 },
          color: { buffer: colors, size: 4, normalized: true },
        },
        uniforms: {
          view: regl.prop<DrawProps, "view">("view"),
          pointSize: regl.prop<DrawProps, "pointSize">("pointSize"),
        },
        primitive: "points",
        count: regl.prop<DrawProps, "count">("count"),
        depth: { enable: false },
      })
    const drawRound = command(FRAG_ROUND)
    const drawSquare = command(FRAG_SQUARE)
    // compile and link both programs now, while the seatplan is still on its way, not on the first frame
    const scratch = regl.buffer({ usage: "static", type: "float", data: [0, 0] })
    const scratchColors = regl.buffer({ usage: "static", type: "uint8", data: [0, 0, 0, 255] })
    for (const frag of [FRAG_ROUND, FRAG_SQUARE])
      regl({
        vert: VERT,
        frag,
        attributes: {
          position: { buffer: scratch, size: 2 },
          color: { buffer: scratchColors, size: 4, normalized: true },
        },
        uniforms: { view: [1, 0, 0, 0, 1, 0, 0, 0, 1], pointSize: 1 },
        primitive: "points",
        count: 1,
        depth: { enable: false },
      })()
    scratch.destroy()
    scratchColors.destroy()
    return {
      regl,
      positions,
      colors,
      drawRound,
      drawSquare,
      // a scope, not a draw: what runs inside it (clear included) keeps to the box
      scissored: regl<Record<string, never>, Record<string, unknown>, ScissorProps>({
        scissor: { enable: true, box: regl.prop<ScissorProps, "box">("box") },
      }),
      maxPointSize: regl.limits.pointSizeDims[1] ?? 64,
      maxSide: Math.min(
        regl.limits.maxRenderbufferSize,
        regl.limits.maxViewportDims[0] ?? 4096,
        regl.limits.maxViewportDims[1] ?? 4096,
      ),
    }
  }

  let gpu: Gpu | null
  try {
    gpu = build()
  } catch {
    // a context that cannot run the shaders is as good as none
    return null
  }

  const onContextLost = (event: Event) => {
    event.preventDefault()
    lost = true
    onLost()
  }
  const onContextRestored = () => {
    try {
      gpu?.regl.destroy()
    } catch {
      // the old instance's objects died with the context
    }
    gpu = build()
    lost = false
    onRestored()
  }
  canvas.addEventListener("webglcontextlost", onContextLost)
  canvas.addEventListener("webglcontextrestored", onContextRestored)

  return {
    kind: "webgl",
    get lost() {
      return lost
    },
    get maxSide() {
      return gpu?.maxSide ?? 4096
    },
    setPositions: (positions) => {
      positionData = positions
      if (gpu !== null && !lost) gpu.positions({ usage: "static", type: "float", data: positionData })
    },
    setColors: (colors, changed) => {
      if (gpu !== null && !lost) {
        // the same buffer as last time: send only the changed seats' bytes, never the geometry
        if (colors === colorData && colors.length > 0)
          gpu.colors.subdata(colors.subarray(4 * changed.from, 4 * changed.to), 4 * changed.from)
        else gpu.colors({ usage: "dynamic", type: "uint8", data: colors })
      }
      colorData = colors
    },
    draw: (camera, diameter, count, clip) => {
      if (gpu === null || lost) return
      const { regl, drawRound, drawSquare, maxPointSize, scissored } = gpu
      regl.poll()
      const draw = diameter < SQUARE_BELOW ? drawSquare : drawRound
      const props: DrawProps = {
        view: viewMatrix(camera),
        pointSize: Math.min(diameter, maxPointSize),
        count,
      }
      const paint = () => {
        regl.clear({ color: CLEAR, depth: 1 })
        if (count > 0) draw(props)
      }
      if (clip === null) paint()
      else scissored({ box: glBox(clip, context.drawingBufferHeight) }, paint)
    },
    readPixel: (x, y) => {
      if (lost) return Promise.resolve(null)
      const pixel = new Uint8Array(4)
      context.readPixels(
        x,
        context.drawingBufferHeight - 1 - y,
        1,
        1,
        context.RGBA,
        context.UNSIGNED_BYTE,
        pixel,
      )
      const rgb: Rgb = [pixel[0] ?? 0, pixel[1] ?? 0, pixel[2] ?? 0]
      return Promise.resolve(rgb)
    },
    loseContext: (lose) => {
      // kept from the loss: a lost context answers no extensions, and this one is what restores it
      if (lose) {
        loser = context.getExtension("WEBGL_lose_context")
        loser?.loseContext()
      } else loser?.restoreContext()
    },
    destroy: () => {
      canvas.removeEventListener("webglcontextlost", onContextLost)
      canvas.removeEventListener("webglcontextrestored", onContextRestored)
      try {
        gpu?.regl.destroy()
      } catch {
        // a lost context has nothing left to free
      }
      gpu = null
    },
  }
}
