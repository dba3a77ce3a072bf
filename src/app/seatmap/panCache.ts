import type createRegl from "regl"
import { type Camera, type HallPoint, viewMatrix } from "./camera.ts"
import { BACKGROUND } from "./palette.ts"

/**
 * A pan cache for the WebGL painter: while the user drags at a fixed zoom, the seats are drawn once into a
 * texture larger than the view (a margin on every side) and each frame only places that texture — one quad
 * instead of every seat. Software WebGL (SwiftShader, used by headless and GPU-less browsers) pays per seat per
 * frame, so a 100,000-seat pan drops from a full redraw to a copy; on a real GPU it is merely cheaper.
 *
 * The cache is rebuilt when the view leaves it, and dropped on any zoom, colour or geometry change (zoom frames
 * and status changes draw the seats directly, always crisp). Offsets are whole device pixels and the texture
 * is sampled nearest, so every pixel is exactly a seat colour or the background, as without the cache.
 * Its size is capped (`MAX_PIXELS`, 32 MB of RGBA); a view too large for any margin is drawn directly.
 */

/** margin on each side, as a share of the view */
const MARGIN = 0.5
const MAX_PIXELS = 8 * 1024 * 1024
const MIN_MARGIN = 0.1

const CLEAR = [BACKGROUND[0] / 255, BACKGROUND[1] / 255, BACKGROUND[2] / 255, 1] as [
  number,
  number,
  number,
  number,
]

type BlitProps = { texture: createRegl.Texture2D; rect: [number, number, number, number] }

export interface PanCache {
  /** draws one frame: `paint(view)` draws every seat with the 3×3 hall→clip matrix `view` */
  draw(camera: Camera, paint: (view: Float32Array) => void): void
  invalidate(): void
  destroy(): void
}

interface Cached {
  readonly center: HallPoint
  readonly scale: number
  readonly width: number
  readonly height: number
  readonly marginX: number
  readonly marginY: number
}

export const createPanCache = (regl: createRegl.Regl): PanCache => {
  const texture = regl.texture({ width: 1, height: 1, min: "nearest", mag: "nearest" })
  const framebuffer = regl.framebuffer({ color: texture, depth: false, stencil: false })
  const blit = regl<
    { image: createRegl.Texture2D; rect: [number, number, number, number] },
    Record<string, unknown>,
    BlitProps
  >({
    vert: `
precision highp float;
attribute vec2 corner;
uniform vec4 rect;
varying vec2 uv;
void main() {
  uv = corner;
  gl_Position = vec4(rect.xy + corner * rect.zw, 0.0, 1.0);
}`,
    frag: `
precision mediump float;
uniform sampler2D image;
varying vec2 uv;
void main() {
  gl_FragColor = texture2D(image, uv);
}`,
    attributes: { corner: [0, 0, 1, 0, 0, 1, 1, 1] },
    uniforms: {
      image: regl.prop<BlitProps, "texture">("texture"),
      rect: regl.prop<BlitProps, "rect">("rect"),
    },
    primitive: "triangle strip",
    count: 4,
    depth: { enable: false },
  })
  const maxSide = Math.min(regl.limits.maxTextureSize, regl.limits.maxRenderbufferSize)
  let cached: Cached | null = null
  let previous: { center: HallPoint; scale: number } | null = null

  const direct = (camera: Camera, paint: (view: Float32Array) => void) => {
    regl.clear({ color: CLEAR, depth: 1 })
    paint(viewMatrix(camera))
  }

  return {
    draw: (camera, paint) => {
      const last = previous
      previous = { center: camera.center, scale: camera.scale }
      const gl = regl._gl
      const viewWidth = gl.drawingBufferWidth
      const viewHeight = gl.drawingBufferHeight
      const ratio = camera.viewport.pixelRatio
      const panning =
        last !== null &&
        last.scale === camera.scale &&
        (last.center.x !== camera.center.x || last.center.y !== camera.center.y)
      if (cached !== null && cached.scale !== camera.scale) cached = null

      let offsetX = 0
      let offsetY = 0
      if (cached !== null) {
        offsetX = Math.round((cached.center.x - camera.center.x) * camera.scale * ratio)
        offsetY = Math.round((cached.center.y - camera.center.y) * camera.scale * ratio)
        const fits =
          cached.width === viewWidth + 2 * cached.marginX &&
          cached.height === viewHeight + 2 * cached.marginY &&
          Math.abs(offsetX) <= cached.marginX &&
          Math.abs(offsetY) <= cached.marginY
        if (!fits) cached = null
      }
      if (cached === null) {
        const share = Math.min(MARGIN, (Math.sqrt(MAX_PIXELS / Math.max(viewWidth * viewHeight, 1)) - 1) / 2)
        const marginX = Math.round(viewWidth * share)
        const marginY = Math.round(viewHeight * share)
        const width = viewWidth + 2 * marginX
        const height = viewHeight + 2 * marginY
        if (!panning || share < MIN_MARGIN || width > maxSide || height > maxSide)
          return direct(camera, paint)
        const around: Camera = {
          ...camera,
          viewport: { width: width / ratio, height: height / ratio, pixelRatio: ratio },
        }
        if (texture.width !== width || texture.height !== height) framebuffer.resize(width, height)
        framebuffer.use(() => {
          regl.clear({ color: CLEAR })
          paint(viewMatrix(around))
        })
        cached = { center: camera.center, scale: camera.scale, width, height, marginX, marginY }
        offsetX = 0
        offsetY = 0
      }
      // the texture's bottom-left corner in clip space: device pixels, y down, from the view's top-left. The
      // texture always covers the whole view (the offset is within the margin), so nothing needs clearing.
      const left = offsetX - cached.marginX
      const bottom = offsetY - cached.marginY + cached.height
      blit({
        texture,
        rect: [
          (2 * left) / viewWidth - 1,
          1 - (2 * bottom) / viewHeight,
          (2 * cached.width) / viewWidth,
          (2 * cached.height) / viewHeight,
        ],
      })
    },
    invalidate: () => {
      cached = null
    },
    destroy: () => {
      framebuffer.destroy()
      texture.destroy()
    },
  }
}
