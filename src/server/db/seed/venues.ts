import { withArabic } from "./arabic.ts"
import {
  curvedSections,
  groupedRows,
  type IdCounters,
  makeSeatplanBuilder,
  type SeatGroupRow,
  type SeatplanBuilder,
  type SeatplanRow,
  type SeatRow,
  type SectionRow,
  straightRows,
} from "./layouts.ts"
import type { Text } from "./localText.ts"
import { STREAMING_LOCATION_ID } from "./locations.ts"
import { TICKET_GROUP } from "./ticketGroupIds.ts"

export interface VenueRow {
  readonly id: number
  readonly location_id: number
  readonly name: Text
  readonly venue_type_id: number
  readonly seatplan_id: number | null
  readonly seating_policy_id: number
  readonly view_area_filename: string | null
}

/** 1 standard, 2 VIP, 3 large format, 4 open air, 5 general admission / events; 101–104 video on demand. */
export const VENUE_TYPE = { standard: 1, vip: 2, largeFormat: 3, openAir: 4, event: 5 } as const
export const VOD_VENUE_TYPES = [101, 102, 103, 104] as const

export interface Venues {
  readonly venues: ReadonlyArray<VenueRow>
  readonly seatplans: ReadonlyArray<SeatplanRow>
  readonly sections: ReadonlyArray<SectionRow>
  readonly groups: ReadonlyArray<SeatGroupRow>
  readonly seats: ReadonlyArray<SeatRow>
}

const t = (he: string, en: string, ru: string): Text => withArabic({ he, en, ru })
const hall = (n: number) => t(`אולם ${n}`, `Hall ${n}`, `Зал ${n}`)
const MAIN = t("אולם", "Stalls", "Партер")

/** Slightly wider towards the back, like most multiplex halls. */
const widening = (rows: number, first: number, every: number): ReadonlyArray<number> =>
  Array.from({ length: rows }, (_, r) => first + Math.floor(r / every) * 2)

interface VenueSpec {
  readonly id: number
  readonly location: number
  readonly name: Text
  readonly type: number
  readonly layout?: (b: SeatplanBuilder) => void
}

const specs: ReadonlyArray<VenueSpec> = [
  {
    // ~150 seats with wheelchair spaces, companions and limited-view corners
    id: 11701,
    location: 1170,
    name: hall(1),
    type: VENUE_TYPE.standard,
    layout: (b) => straightRows(b, b.section(MAIN), { seatsPerRow: widening(10, 12, 3), accessible: true }),
  },
  {
    id: 11702,
    location: 1170,
    name: t("VIP לאונג'", "VIP Lounge", "VIP-лаунж"),
    type: VENUE_TYPE.vip,
    layout: (b) => {
      const section = b.section(t("VIP", "VIP", "VIP"))
      groupedRows(b, section, {
        kind: "bed",
        rows: 1,
        groupsPerRow: 5,
        seatsPerGroup: 2,
        top: 6,
        rowPitch: 3,
        firstRowName: 1,
        ticketGroupId: TICKET_GROUP.vipBed,
      })
      groupedRows(b, section, {
        kind: "sofa",
        rows: 4,
        groupsPerRow: 6,
        seatsPerGroup: 2,
        top: 10,
        rowPitch: 2.2,
        firstRowName: 2,
        ticketGroupId: TICKET_GROUP.vipSofa,
      })
    },
  },
  {
    id: 11703,
    location: 1170,
    name: hall(3),
    type: VENUE_TYPE.standard,
    layout: (b) => straightRows(b, b.section(MAIN), { seatsPerRow: widening(12, 14, 4), accessible: true }),
  },
  {
    // ~500 seats on curved rows in three wedges, premium seats in the middle of the centre wedge
    id: 11731,
    location: 1173,
    name: t("מרקי XL", "Marquee XL", "Marquee XL"),
    type: VENUE_TYPE.largeFormat,
    layout: (b) =>
      curvedSections(b, {
        sections: [
          { name: t("שמאל", "Left", "Левая сторона"), from: -40, to: -15 },
          { name: t("מרכז", "Centre", "Центр"), from: -13, to: 13 },
          { name: t("ימין", "Right", "Правая сторона"), from: 15, to: 40 },
        ],
        rows: 17,
        firstRadius: 10,
        rowPitch: 1.3,
        isPremium: (section, row, seat, count) =>
          section === 1 && row >= 7 && row <= 12 && seat >= 2 && seat < count - 2,
        premiumTicketGroupId: TICKET_GROUP.premium,
        wheelchairFrontRow: true,
      }),
  },
  {
    id: 11732,
    location: 1173,
    name: hall(2),
    type: VENUE_TYPE.standard,
    layout: (b) => straightRows(b, b.section(MAIN), { seatsPerRow: widening(9, 12, 3), accessible: true }),
  },
  {
    // reserved stalls plus a standing bar area sold by capacity
    id: 11733,
    location: 1173,
    name: t("אולם הקלאב", "Club Hall", "Клубный зал"),
    type: VENUE_TYPE.event,
    layout: (b) => {
      straightRows(b, b.section(MAIN), { seatsPerRow: widening(8, 14, 4), accessible: true })
      b.section(t("בר עמידה", "Standing bar", "Стоячий бар"), { capacity: 60 })
    },
  },
  {
    id: 11751,
    location: 1175,
    name: hall(1),
    type: VENUE_TYPE.standard,
    layout: (b) => straightRows(b, b.section(MAIN), { seatsPerRow: widening(11, 12, 3), accessible: true }),
  },
  {
    id: 11752,
    location: 1175,
    name: t("במת האירועים", "Event Stage", "Сцена мероприятий"),
    type: VENUE_TYPE.event,
    layout: (b) => {
      b.section(t("כניסה כללית", "General admission", "Свободная рассадка"), { capacity: 300 })
    },
  },
  {
    id: 11753,
    location: 1175,
    name: hall(3),
    type: VENUE_TYPE.standard,
    layout: (b) => straightRows(b, b.section(MAIN), { seatsPerRow: widening(8, 10, 4), accessible: true }),
  },
  {
    id: 11811,
    location: 1181,
    name: hall(1),
    type: VENUE_TYPE.standard,
    layout: (b) => straightRows(b, b.section(MAIN), { seatsPerRow: widening(13, 13, 4), accessible: true }),
  },
  {
    // several general-admission areas, each with its own capacity and prices
    id: 11812,
    location: 1181,
    name: t("היכל המופעים", "Concert Hall", "Концертный зал"),
    type: VENUE_TYPE.event,
    layout: (b) => {
      b.section(t("רחבה", "Floor", "Танцпол"), { capacity: 400 })
      b.section(t("יציע", "Balcony", "Балкон"), { capacity: 150 })
      b.section(t("בר", "Bar", "Бар"), { capacity: 80 })
    },
  },
  {
    id: 11813,
    location: 1181,
    name: t("VIP באר שבע", "VIP Be'er Sheva", "VIP Беэр-Шева"),
    type: VENUE_TYPE.vip,
    layout: (b) => {
      const section = b.section(t("VIP", "VIP", "VIP"))
      groupedRows(b, section, {
        kind: "sofa",
        rows: 5,
        groupsPerRow: 5,
        seatsPerGroup: 2,
        top: 6,
        rowPitch: 2.2,
        firstRowName: 1,
        ticketGroupId: TICKET_GROUP.vipSofa,
      })
    },
  },
  {
    id: 11861,
    location: 1186,
    name: hall(1),
    type: VENUE_TYPE.standard,
    layout: (b) => straightRows(b, b.section(MAIN), { seatsPerRow: widening(10, 12, 4), accessible: true }),
  },
  {
    // an amphitheatre of eight wedges, over 20,000 reserved seats
    id: 11862,
    location: 1186,
    name: t("האמפי הפתוח", "Open-Air Amphitheatre", "Амфитеатр под открытым небом"),
    type: VENUE_TYPE.openAir,
    layout: (b) =>
      curvedSections(b, {
        sections: Array.from({ length: 8 }, (_, i) => ({
          name: t(
            `גוש ${String.fromCharCode(0x5d0 + i)}`,
            `Block ${"ABCDEFGH"[i]}`,
            `Сектор ${"АБВГДЕЖЗ"[i]}`,
          ),
          from: -90 + i * 22.5 + 0.75,
          to: -90 + (i + 1) * 22.5 - 0.75,
        })),
        rows: 52,
        firstRadius: 100,
        rowPitch: 2,
        wheelchairFrontRow: true,
      }),
  },
]

const vodNames: Record<number, Text> = {
  101: t("השכרה ל-48 שעות", "48-hour rental", "Прокат на 48 часов"),
  102: t("רכישה דיגיטלית", "Digital purchase", "Цифровая покупка"),
  103: t("הקרנה חיה מקוונת", "Live online screening", "Онлайн-показ в прямом эфире"),
  104: t("ספריית חברי מועדון", "Club library", "Библиотека клуба"),
}

export const makeVenues = (): Venues => {
  const ids: IdCounters = { section: 0, group: 0, seat: 0 }
  const venues: Array<VenueRow> = []
  const plans = specs.map((spec) => {
    const builder = makeSeatplanBuilder(ids, spec.id, `${spec.name.en} (${spec.location})`)
    spec.layout?.(builder)
    venues.push({
      id: spec.id,
      location_id: spec.location,
      name: spec.name,
      venue_type_id: spec.type,
      seatplan_id: spec.id,
      seating_policy_id: 3,
      view_area_filename: null,
    })
    return builder.finish()
  })
  VOD_VENUE_TYPES.forEach((type, i) => {
    venues.push({
      id: 11991 + i,
      location_id: STREAMING_LOCATION_ID,
      name: vodNames[type]!,
      venue_type_id: type,
      seatplan_id: null,
      seating_policy_id: 3,
      view_area_filename: null,
    })
  })
  return {
    venues,
    seatplans: plans.map((p) => p.seatplan),
    sections: plans.flatMap((p) => p.sections),
    groups: plans.flatMap((p) => p.groups),
    seats: plans.flatMap((p) => p.seats),
  }
}
