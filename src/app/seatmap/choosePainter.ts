import { createCanvasPainter } from "./canvasPainter.ts"
import type { Painter } from "./painter.ts"
import type { SeatMapOptions } from "./seatMapContract.ts"
import { mayPaintInWorker, takeSeatMapWorker } from "./seatMapWorkerStart.ts"
import { canPaintInWorker, createWorkerPainter, type WorkerPainter } from "./workerPainter.ts"

/** A painter, with what the worker's adds where it is the worker's (createSeatMap.ts asks for each). */
export type MapPainter = Painter & Partial<Pick<WorkerPainter, "pixels" | "pending" | "loseContext">>

export interface PainterEvents {
  /** the context came back: a full frame is due */
  readonly restored: () => void
  /** the worker drew the last frame sent: the canvas may be placed for it */
  readonly shown: () => void
}

/**
 * Who paints the map (createSeatMap.ts says why for each):
 * - a hall known to be small, or `forceCanvas2d`: Canvas 2D on the page, no worker and no WebGL context;
 * - otherwise the painting worker (WebGL, or Canvas 2D where an OffscreenCanvas has no WebGL), where the browser
 *   can hand a canvas to a worker;
 * - a browser that cannot: Canvas 2D on the page, what it shows without WebGL. regl never runs on the page: its
 *   `Function` calls are refused by the page's Content-Security-Policy.
 * Null where not even Canvas 2D can be had.
 */
export const choosePainter = (
  canvas: HTMLCanvasElement,
  options: SeatMapOptions,
  events: PainterEvents,
): MapPainter | null => {
  const preferCanvas2d = options.forceCanvas2d === true || !mayPaintInWorker(options.seatCount)
  if (!preferCanvas2d && canPaintInWorker(canvas))
    return createWorkerPainter(canvas, takeSeatMapWorker(), events)
  return createCanvasPainter(canvas, events.restored)
}
