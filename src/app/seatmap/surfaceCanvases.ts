import { type DevicePoint, placementOf, type SurfaceSize } from "./panSurface.ts"

/**
 * The DOM side of compositor panning (panSurface.ts): sizes the map's canvases (seats, row labels) to the
 * surface and moves (or, during a zoom gesture, scales) them inside their window with a CSS transform. Only `transform` changes while a drag
 * stays inside the drawn area, so the browser neither lays out nor paints: it composites.
 *
 * Without a window the canvas is its own window: its CSS box is the page's to size, nothing is moved, and only
 * its pixel size follows the box.
 */
export interface SurfaceCanvases {
  /** answers whether the canvases changed size (their pixels are gone, a full frame is due) */
  resize(size: SurfaceSize, pixelRatio: number): boolean
  /** puts the drawn pixels `offset` device pixels from where they were drawn, scaled by `factor` (default 1) */
  place(offset: DevicePoint, factor?: number): void
}

/** Where a canvas's pixel size is set: the canvas itself, or (one handed to a worker) what the worker is sent. */
export interface PixelSize {
  width: number
  height: number
}

export const createSurfaceCanvases = (
  canvases: ReadonlyArray<HTMLCanvasElement>,
  framed: boolean,
  pixelsOf: (canvas: HTMLCanvasElement) => PixelSize = (canvas) => canvas,
): SurfaceCanvases => {
  let current: SurfaceSize | null = null
  let ratio = 1
  let placed = ""
  if (framed)
    for (const canvas of canvases) {
      canvas.style.position = "absolute"
      canvas.style.left = "0"
      canvas.style.top = "0"
      canvas.style.transformOrigin = "0 0"
      // its own compositor layer from the start, so the first drag does not repaint the page
      canvas.style.willChange = "transform"
    }

  const place = (offset: DevicePoint, factor = 1) => {
    if (!framed || current === null) return
    const { x, y } = placementOf(current, offset, factor, ratio)
    const transform =
      factor === 1 ? `translate(${x}px, ${y}px)` : `translate(${x}px, ${y}px) scale(${factor})`
    if (transform === placed) return
    placed = transform
    for (const canvas of canvases) canvas.style.transform = transform
  }

  return {
    resize: (size, pixelRatio) => {
      const width = size.width + 2 * size.marginX
      const height = size.height + 2 * size.marginY
      let changed = false
      for (const canvas of canvases) {
        const pixels = pixelsOf(canvas)
        if (pixels.width !== width || pixels.height !== height) changed = true
        if (pixels.width !== width) pixels.width = width
        if (pixels.height !== height) pixels.height = height
        if (framed) {
          canvas.style.width = `${width / pixelRatio}px`
          canvas.style.height = `${height / pixelRatio}px`
        }
      }
      const moved = current?.marginX !== size.marginX || current?.marginY !== size.marginY
      current = size
      ratio = pixelRatio
      if (moved) {
        placed = ""
        place({ x: 0, y: 0 })
      }
      return changed || moved
    },
    place,
  }
}
