import type { RowItem, SectionItem } from "./seatRows.ts"

/**
 * Keyboard moves through the seat list, which is one tab stop for the whole hall (roving focus, as in the
 * WAI-ARIA grid pattern): left and right step along the row in the hall's own order (the strip is never
 * mirrored, so the key points the way the focus goes), up and down go to the row in front or behind, across
 * sections, landing on the seat nearest in the hall; Home and End go to the row's ends. Taken seats are
 * stops too: a screen reader user hears that they are taken instead of wondering where they went.
 */

const rowsOf = (sections: ReadonlyArray<SectionItem>): ReadonlyArray<RowItem> =>
  sections.flatMap((section) => section.rows)

/** The seat to focus after `key` is pressed on the seat `from`; undefined when the key does not move. */
export const seatKeyAfter = (
  sections: ReadonlyArray<SectionItem>,
  from: string,
  key: string,
): string | undefined => {
  const rows = rowsOf(sections)
  const r = rows.findIndex((row) => row.seats.some((item) => item.key === from))
  const row = rows[r]
  if (row === undefined) return undefined
  const i = row.seats.findIndex((item) => item.key === from)
  const seats = row.seats
  const step = (index: number) => (index === i ? undefined : seats[index]?.key)
  if (key === "ArrowLeft") return step(Math.max(i - 1, 0))
  if (key === "ArrowRight") return step(Math.min(i + 1, seats.length - 1))
  if (key === "Home") return step(0)
  if (key === "End") return step(seats.length - 1)
  if (key !== "ArrowUp" && key !== "ArrowDown") return undefined
  const next = rows[key === "ArrowUp" ? r - 1 : r + 1]
  const x = seats[i]?.seat.PositionX ?? 0
  let nearest: string | undefined
  let distance = Number.POSITIVE_INFINITY
  for (const item of next?.seats ?? []) {
    const d = Math.abs(item.seat.PositionX - x)
    if (d < distance) {
      distance = d
      nearest = item.key
    }
  }
  return nearest
}

/** Where the tab stop starts: the first seat that can be chosen, or the first seat when none can. */
export const firstSeatKey = (sections: ReadonlyArray<SectionItem>): string | undefined => {
  const seats = rowsOf(sections).flatMap((row) => row.seats)
  return (seats.find((item) => item.state !== "taken") ?? seats[0])?.key
}
