import { type Camera, hallPoint, toScreen } from "./camera.ts"
import { LABEL_MIN_SCALE } from "./rowLabels.ts"

/**
 * Section names over the map while it is zoomed out (below `LABEL_MIN_SCALE`, where row names give way to
 * them): in a large hall of many blocks (an amphitheatre's wedges, stalls and balconies) they tell the buyer
 * where to zoom. Each name sits at the middle of its section's seats, drawn with a halo in the map's
 * background colour so it reads over the seats it covers; a seat is chosen zoomed in, where the names are gone.
 * A hall of one section gets none: the name would say nothing the page does not.
 */

export interface SectionSeat {
  readonly VenueSectionId: number
  readonly PositionX: number
  readonly PositionY: number
}

export interface SectionLabel {
  readonly name: string
  /** hall units: the mean of the section's seat positions */
  readonly x: number
  readonly y: number
}

/** One label per named section that has seats, in the order the sections first appear; none for one section. */
export const sectionLabels = (
  seats: ReadonlyArray<SectionSeat>,
  names: ReadonlyMap<number, string>,
): ReadonlyArray<SectionLabel> => {
  const sums = new Map<number, { x: number; y: number; count: number }>()
  for (const seat of seats) {
    if (!names.has(seat.VenueSectionId)) continue
    const sum = sums.get(seat.VenueSectionId) ?? { x: 0, y: 0, count: 0 }
    sum.x += seat.PositionX
    sum.y += seat.PositionY
    sum.count++
    sums.set(seat.VenueSectionId, sum)
  }
  if (sums.size < 2) return []
  return [...sums].flatMap(([id, sum]) => {
    const name = names.get(id) ?? ""
    return name === "" ? [] : [{ name, x: sum.x / sum.count, y: sum.y / sum.count }]
  })
}

/** CSS px kept clear beside a name, and a name's line height */
const LABEL_GAP = 6
const LINE = 18

/** Draws the names on `ctx` (already cleared) when zoomed out; nothing once row names take over. */
export const drawSectionLabels = (
  ctx: CanvasRenderingContext2D,
  camera: Camera,
  labels: ReadonlyArray<SectionLabel>,
  color: string,
  halo: string,
) => {
  if (camera.scale >= LABEL_MIN_SCALE || labels.length === 0) return
  const ratio = camera.viewport.pixelRatio
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
  ctx.font = "700 13px system-ui, sans-serif"
  ctx.textAlign = "center"
  ctx.textBaseline = "middle"
  ctx.lineJoin = "round"
  ctx.lineWidth = 4
  ctx.strokeStyle = halo
  ctx.fillStyle = color
  const { width, height } = camera.viewport
  // a name that would touch one already drawn waits for a closer zoom (narrow blocks side by side on a phone)
  const taken: Array<{ left: number; right: number; top: number; bottom: number }> = []
  for (const label of labels) {
    const at = toScreen(camera, hallPoint(label.x, label.y))
    if (at.x < -200 || at.y < -20 || at.x > width + 200 || at.y > height + 20) continue
    const half = ctx.measureText(label.name).width / 2 + LABEL_GAP
    const box = { left: at.x - half, right: at.x + half, top: at.y - LINE / 2, bottom: at.y + LINE / 2 }
    const touches = taken.some(
      (other) =>
        box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom,
    )
    if (touches) continue
    taken.push(box)
    ctx.strokeText(label.name, at.x, at.y)
    ctx.fillText(label.name, at.x, at.y)
  }
}
