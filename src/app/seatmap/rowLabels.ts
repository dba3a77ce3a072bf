import { rowKey } from "../../domain/seating/seatKeys.ts"
import { type Camera, hallPoint, toScreen } from "./camera.ts"

/**
 * Row names at both ends of every row, drawn on a 2D canvas laid over the map once seats are large enough to
 * tell rows apart. Rows are found from the seats themselves (section + row coordinate); a label sits one seat
 * width beyond the row's outermost seat, on the line through it. The hall is never mirrored, so neither are
 * the labels: "left" is the hall's left whatever the page's direction.
 */

export interface LabelSeat {
  readonly VenueSectionId: number
  readonly YCoordinate: number
  readonly PositionX: number
  readonly PositionY: number
  readonly RowName?: string
}

export interface RowEnds {
  readonly name: string
  readonly left: { readonly x: number; readonly y: number }
  readonly right: { readonly x: number; readonly y: number }
}

/** Labels show from this many CSS pixels per seat width: below it rows are too close to read. */
export const LABEL_MIN_SCALE = 14

/**
 * Seat widths to leave around the hall when it is fitted with labels shown: a label is centred one seat width
 * beyond the row's end and is at most about 0.165 seat widths wide per character either side of its centre
 * (0.55 × the seat width, ~0.6 em a character), so 1.5 keeps a three-character row name ("12A") whole where a
 * row reaches the edge of the view.
 */
export const LABEL_FIT_MARGIN = 1.5

/** Each named row's outermost seats, one label position beyond each (hall units). Rows without a name: none. */
export const rowEnds = (seats: ReadonlyArray<LabelSeat>): ReadonlyArray<RowEnds> => {
  const rows = new Map<string, { name: string; left: LabelSeat; right: LabelSeat }>()
  for (const seat of seats) {
    if (seat.RowName === undefined || seat.RowName === "") continue
    const key = rowKey(seat.VenueSectionId, seat.YCoordinate)
    const row = rows.get(key)
    if (row === undefined) rows.set(key, { name: seat.RowName, left: seat, right: seat })
    else {
      if (seat.PositionX < row.left.PositionX) row.left = seat
      if (seat.PositionX > row.right.PositionX) row.right = seat
    }
  }
  return [...rows.values()].map(({ name, left, right }) => ({
    name,
    left: { x: left.PositionX - 1, y: left.PositionY },
    right: { x: right.PositionX + 1, y: right.PositionY },
  }))
}

/** Clears `ctx` (device pixels) and, when zoomed in enough, draws every row's name at both ends. */
export const drawRowLabels = (
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  rows: ReadonlyArray<RowEnds>,
  color: string,
) => {
  const ratio = camera.viewport.pixelRatio
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height)
  if (camera.scale < LABEL_MIN_SCALE || rows.length === 0) return
  const size = Math.min(camera.scale * 0.55, 16)
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
  ctx.font = `600 ${size}px system-ui, sans-serif`
  ctx.fillStyle = color
  ctx.textAlign = "center"
  ctx.textBaseline = "middle"
  const { width, height } = camera.viewport
  for (const row of rows)
    for (const end of [row.left, row.right]) {
      const at = toScreen(camera, hallPoint(end.x, end.y))
      if (at.x < -size * 2 || at.y < -size || at.x > width + size * 2 || at.y > height + size) continue
      ctx.fillText(row.name, at.x, at.y)
    }
}
