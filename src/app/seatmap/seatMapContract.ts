import type { Painter } from "./painter.ts"

/**
 * The seat map's contract (createSeatMap.ts builds it): what it needs of a seat, its options, what it offers
 * the page, and what it tells a test: types and the one error, so a caller names them without loading the map.
 */

/** What the map needs of a seatplan seat (a `SeatplanSeat` fits). */
export interface MapSeat {
  readonly VenueSectionId: number
  readonly XCoordinate: number
  readonly YCoordinate: number
  readonly PositionX: number
  readonly PositionY: number
  readonly isPremium: boolean
  readonly isHandicap: boolean
  readonly isCompanion?: boolean
  readonly isLimitedView?: boolean
  /** shown at both ends of the row when zoomed in (with a `labels` canvas) */
  readonly RowName?: string
}

/** halls up to this many seats are drawn by Canvas 2D (createSeatMap.ts says why); cinema halls have 100–500 */
export const SMALL_HALL_SEATS = 3_000

export interface SeatMapOptions {
  /** device pixels per CSS pixel; default `window.devicePixelRatio` */
  readonly pixelRatio?: number
  /** a seat's drawn diameter, in seat widths; default 0.8 */
  readonly seatSize?: number
  /** skip WebGL and draw with Canvas 2D (the benchmark measures the fallback this way) */
  readonly forceCanvas2d?: boolean
  /** the hall's seat count when it is known at mount: a small hall is drawn by Canvas 2D (createSeatMap.ts) */
  readonly seatCount?: number
  /** a canvas laid over the map (same box, no pointer events) for row names, drawn when zoomed in */
  readonly labels?: HTMLCanvasElement
  /**
   * the element the map is seen through: it holds the canvases (positioned and clipping: `position: relative;
   * overflow: clip`), sets the map's size and takes its input. Without it the canvas is all of these.
   */
  readonly frame?: HTMLElement
}

export interface SeatMapDebug {
  readonly seatCount: number
  readonly frames: number
  /** frames that drew seats (the rest only moved the canvas) */
  readonly draws: number
  /** how many seats' colours the last status or selection change sent to the painter */
  readonly lastUploadSeats: number
  readonly contextLost: boolean
  readonly pixelRatio: number
  readonly renderer: Painter["kind"]
  /**
   * the RGB at a device pixel of the seat canvas (from its top-left), read once the frames sent before it are
   * drawn: the worker's canvas cannot be read by the page
   */
  readPixel(x: number, y: number): Promise<readonly [number, number, number] | null>
  /** loses (`true`) or restores the worker's WebGL context, as a driver reset would; false without a worker */
  loseContext(lose: boolean): boolean
  screenPositionOf(index: number): { x: number; y: number } | undefined
  indexOfPlace(VenueSectionId: number, x: number, y: number): number | undefined
}

/** The seat under the pointer (hover) or a long press, and where it is shown (CSS px from the window). */
export interface SeatHover {
  readonly index: number
  readonly x: number
  readonly y: number
}

export interface SeatMap {
  /** the hall's seats, and its sections' names (drawn over the zoomed-out map where there are several) */
  setSeatplan(seats: ReadonlyArray<MapSeat>, sectionNames?: ReadonlyMap<number, string>): void
  /** one `SEAT_STATUS` byte per seat, in seatplan order */
  setStatuses(stateBySeatIndex: Uint8Array): void
  /** the seats this cart holds (or is about to) */
  setSelection(indices: Iterable<number>): void
  /** calls `listener` with the index of a clicked seat; answers the unsubscribe */
  onPick(listener: (seatIndex: number) => void): () => void
  /** calls `listener` when the seat under the mouse (or a long press) changes; null when there is none */
  onHover(listener: (hover: SeatHover | null) => void): () => void
  zoomIn(): void
  zoomOut(): void
  /** zooms by `factor` about the middle of the view; as one step of a wheel or pinch gesture with `gesture` */
  zoomBy(factor: number, options?: { readonly gesture?: boolean }): void
  /** ends a zoom gesture now: the seats are drawn sharp at the next frame */
  settle(): void
  /** moves the hall by CSS pixels, as a drag would */
  panBy(dx: number, dy: number): void
  reset(): void
  /** draws a pending frame now instead of at the next animation frame */
  flush(): void
  destroy(): void
  debug(): SeatMapDebug
}

/** Neither WebGL nor Canvas 2D could be had; the seat list alone serves the buyer. */
export class SeatMapUnavailable extends Error {
  readonly _tag = "SeatMapUnavailable"
}
