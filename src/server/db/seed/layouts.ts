import type { Text } from "./localText.ts"

export interface SeatplanRow {
  readonly id: number
  readonly name: string
  readonly screen_x: number
  readonly screen_y: number
  readonly width: number
  readonly height: number
}

export interface SectionRow {
  readonly id: number
  readonly seatplan_id: number
  readonly name: Text
  readonly is_reserved: boolean
  readonly capacity: number
  readonly sort_order: number
}

export interface SeatGroupRow {
  readonly id: number
  readonly seatplan_id: number
  readonly section_id: number
  readonly kind: "sofa" | "bed"
  readonly seat_count: number
}

export interface SeatRow {
  readonly id: number
  readonly seatplan_id: number
  readonly section_id: number
  readonly seat_group_id: number | null
  readonly row_name: string
  readonly seat_name: string
  readonly x: number
  readonly y: number
  readonly row_index: number
  readonly seat_index: number
  readonly is_premium: boolean
  readonly is_wheelchair: boolean
  readonly is_companion: boolean
  readonly is_limited_view: boolean
  readonly default_ticket_group_id: number | null
}

export interface Seatplan {
  readonly seatplan: SeatplanRow
  readonly sections: ReadonlyArray<SectionRow>
  readonly groups: ReadonlyArray<SeatGroupRow>
  readonly seats: ReadonlyArray<SeatRow>
}

/** Running ids across every seatplan, so sections, groups and seats get chain-wide ids. */
export interface IdCounters {
  section: number
  group: number
  seat: number
}

type SeatInput = Partial<
  Pick<
    SeatRow,
    | "seat_group_id"
    | "is_premium"
    | "is_wheelchair"
    | "is_companion"
    | "is_limited_view"
    | "default_ticket_group_id"
  >
> &
  Pick<SeatRow, "row_name" | "seat_name" | "x" | "y" | "row_index" | "seat_index">

// Hall units: one seat is 1 unit wide; coordinates are rounded so (x, y) stay exact in double precision.
const round = (n: number) => Math.round(n * 1000) / 1000

export const makeSeatplanBuilder = (ids: IdCounters, seatplanId: number, name: string) => {
  const sections: Array<Omit<SectionRow, "capacity"> & { capacity: number | null }> = []
  const groups: Array<SeatGroupRow> = []
  const seats: Array<SeatRow> = []
  return {
    section: (sectionName: Text, options: { readonly capacity?: number } = {}): number => {
      const id = ++ids.section
      sections.push({
        id,
        seatplan_id: seatplanId,
        name: sectionName,
        is_reserved: options.capacity === undefined,
        capacity: options.capacity ?? null,
        sort_order: sections.length,
      })
      return id
    },
    group: (sectionId: number, kind: "sofa" | "bed", seatCount: number): number => {
      const id = ++ids.group
      groups.push({ id, seatplan_id: seatplanId, section_id: sectionId, kind, seat_count: seatCount })
      return id
    },
    seat: (sectionId: number, input: SeatInput): void => {
      seats.push({
        id: ++ids.seat,
        seatplan_id: seatplanId,
        section_id: sectionId,
        seat_group_id: input.seat_group_id ?? null,
        row_name: input.row_name,
        seat_name: input.seat_name,
        x: round(input.x),
        y: round(input.y),
        row_index: input.row_index,
        seat_index: input.seat_index,
        is_premium: input.is_premium ?? false,
        is_wheelchair: input.is_wheelchair ?? false,
        is_companion: input.is_companion ?? false,
        is_limited_view: input.is_limited_view ?? false,
        default_ticket_group_id: input.default_ticket_group_id ?? null,
      })
    },
    finish: (): Seatplan => {
      const xs = seats.map((s) => s.x)
      const ys = seats.map((s) => s.y)
      const width = xs.length === 0 ? 40 : Math.max(...xs) - Math.min(...xs) + 4
      const height = ys.length === 0 ? 30 : Math.max(...ys) + 4
      return {
        seatplan: {
          id: seatplanId,
          name,
          screen_x: 0,
          screen_y: 0,
          width: round(width),
          height: round(height),
        },
        sections: sections.map((s) => ({
          ...s,
          capacity: s.capacity ?? seats.filter((seat) => seat.section_id === s.id).length,
        })),
        groups,
        seats,
      }
    },
  }
}

export type SeatplanBuilder = ReturnType<typeof makeSeatplanBuilder>

/**
 * A classic flat hall: straight rows centred on the screen. The last row has wheelchair spaces at both
 * ends, each with a companion seat beside it; the outermost seats of the first row see the screen at
 * a sharp angle and are marked limited view.
 */
export const straightRows = (
  b: SeatplanBuilder,
  sectionId: number,
  options: {
    readonly seatsPerRow: ReadonlyArray<number>
    readonly top?: number
    readonly xOffset?: number
    readonly accessible?: boolean
    readonly rowIndexOffset?: number
  },
): void => {
  const top = options.top ?? 6
  const xOffset = options.xOffset ?? 0
  const lastRow = options.seatsPerRow.length - 1
  options.seatsPerRow.forEach((count, r) => {
    for (let s = 0; s < count; s++) {
      const fromEdge = Math.min(s, count - 1 - s)
      const accessibleRow = options.accessible === true && r === lastRow
      b.seat(sectionId, {
        row_name: String(r + 1),
        seat_name: String(s + 1),
        x: xOffset + s - (count - 1) / 2,
        y: top + r * 1.4,
        row_index: (options.rowIndexOffset ?? 0) + r,
        seat_index: s,
        is_wheelchair: accessibleRow && fromEdge === 0,
        is_companion: accessibleRow && fromEdge === 1,
        is_limited_view: options.accessible === true && r === 0 && fromEdge < 2,
      })
    }
  })
}

/**
 * Rows on concentric arcs around the screen, split into wedge sections with angular aisles between
 * them (large-format halls and the open-air amphitheatre).
 */
export const curvedSections = (
  b: SeatplanBuilder,
  options: {
    readonly sections: ReadonlyArray<{ readonly name: Text; readonly from: number; readonly to: number }>
    readonly rows: number
    readonly firstRadius: number
    readonly rowPitch: number
    readonly seatPitch?: number
    readonly isPremium?: (section: number, row: number, seat: number, count: number) => boolean
    readonly premiumTicketGroupId?: number
    readonly wheelchairFrontRow?: boolean
  },
): void => {
  const pitch = options.seatPitch ?? 1
  options.sections.forEach((section, sIdx) => {
    const sectionId = b.section(section.name)
    // angles in radians measured from straight ahead (the screen's axis)
    const from = (section.from * Math.PI) / 180
    const to = (section.to * Math.PI) / 180
    for (let r = 0; r < options.rows; r++) {
      const radius = options.firstRadius + r * options.rowPitch
      const count = Math.floor(((to - from) * radius) / pitch)
      const step = (to - from) / count
      for (let s = 0; s < count; s++) {
        const angle = from + step * (s + 0.5)
        const fromEdge = Math.min(s, count - 1 - s)
        const premium = options.isPremium?.(sIdx, r, s, count) ?? false
        const wheelchairRow = options.wheelchairFrontRow === true && r === 0
        b.seat(sectionId, {
          row_name: String(r + 1),
          seat_name: String(s + 1),
          x: radius * Math.sin(angle),
          y: radius * Math.cos(angle),
          row_index: r,
          seat_index: s,
          is_premium: premium,
          default_ticket_group_id: premium ? (options.premiumTicketGroupId ?? null) : null,
          is_wheelchair: wheelchairRow && fromEdge === 0,
          is_companion: wheelchairRow && fromEdge === 1,
          is_limited_view: (sIdx === 0 || sIdx === options.sections.length - 1) && r < 2 && fromEdge < 3,
        })
      }
    }
  })
}

/** Rows of seat groups (sofas or beds) with a gap between groups, every seat of a group sold together. */
export const groupedRows = (
  b: SeatplanBuilder,
  sectionId: number,
  options: {
    readonly kind: "sofa" | "bed"
    readonly rows: number
    readonly groupsPerRow: number
    readonly seatsPerGroup: number
    readonly top: number
    readonly rowPitch: number
    readonly firstRowName: number
    readonly ticketGroupId: number
  },
): void => {
  const gap = options.kind === "bed" ? 1.5 : 0.8
  const rowWidth = options.groupsPerRow * options.seatsPerGroup + (options.groupsPerRow - 1) * gap
  for (let r = 0; r < options.rows; r++) {
    let seatIndex = 0
    for (let g = 0; g < options.groupsPerRow; g++) {
      const groupId = b.group(sectionId, options.kind, options.seatsPerGroup)
      for (let s = 0; s < options.seatsPerGroup; s++) {
        b.seat(sectionId, {
          row_name: String(options.firstRowName + r),
          seat_name: String(seatIndex + 1),
          x: g * (options.seatsPerGroup + gap) + s - rowWidth / 2 + 0.5,
          y: options.top + r * options.rowPitch,
          row_index: options.firstRowName - 1 + r,
          seat_index: seatIndex,
          seat_group_id: groupId,
          is_premium: options.kind === "bed",
          default_ticket_group_id: options.ticketGroupId,
        })
        seatIndex++
      }
    }
  }
}
