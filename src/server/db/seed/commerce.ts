import { isVodVenueType } from "../../../domain/shared/venueType.ts"
import { withArabic } from "./arabic.ts"
import type { Text } from "./localText.ts"
import { TICKET_GROUP } from "./ticketGroupIds.ts"
import type { Venues } from "./venues.ts"

/** Rows keyed by column name, as `write.ts` inserts them. */
export type Row = Readonly<Record<string, unknown>>

const t = (he: string, en: string, ru: string): Text => withArabic({ he, en, ru })

/** Price policies: the kind of ticket across groups, what reports group by. */
export const PRICE_POLICY = {
  regular: 1,
  child: 2,
  senior: 3,
  soldier: 4,
  student: 5,
  member: 6,
  hotelGuest: 7,
  couple: 8,
  rental: 9,
} as const

const policyNames: Record<number, Text> = {
  1: t("רגיל", "Regular", "Обычный"),
  2: t("ילד", "Child", "Детский"),
  3: t("אזרח ותיק (בהצגת תעודה)", "Senior citizen (ID required)", "Пенсионер (по удостоверению)"),
  4: t("חייל", "Soldier", "Военнослужащий"),
  5: t("סטודנט", "Student", "Студент"),
  6: t("חבר מועדון", "Club member", "Член клуба"),
  7: t("אורח מלון", "Hotel guest", "Гость отеля"),
  8: t("זוגי", "For two", "Для двоих"),
  9: t("השכרה", "Rental", "Прокат"),
}

interface TicketSpec {
  readonly policy: number
  readonly price: number
  /** share of seed sales, relative within the group; 0 = never sold by the seed */
  readonly weight: number
  readonly multiply?: number
  readonly max?: number
}

const groupSpecs: ReadonlyArray<{
  readonly id: number
  readonly code: string
  readonly name: Text
  readonly serviceCharge: number
  readonly tickets: ReadonlyArray<TicketSpec>
}> = [
  {
    id: TICKET_GROUP.standard,
    code: "STD",
    name: t("כרטיסים", "Tickets", "Билеты"),
    serviceCharge: 500,
    tickets: [
      { policy: 1, price: 4700, weight: 52 },
      { policy: 2, price: 3900, weight: 16 },
      { policy: 3, price: 3500, weight: 10 },
      { policy: 4, price: 3200, weight: 8, max: 2 },
      { policy: 5, price: 4200, weight: 10 },
      { policy: 6, price: 3700, weight: 0 },
      { policy: 7, price: 4000, weight: 4 },
    ],
  },
  {
    id: TICKET_GROUP.standard3d,
    code: "STD3D",
    name: t("כרטיסים תלת-ממד", "3D tickets", "Билеты 3D"),
    serviceCharge: 500,
    tickets: [
      { policy: 1, price: 5200, weight: 60 },
      { policy: 2, price: 4400, weight: 25 },
      { policy: 3, price: 4000, weight: 15 },
      { policy: 6, price: 4200, weight: 0 },
    ],
  },
  {
    id: TICKET_GROUP.vipSofa,
    code: "VIPSOFA",
    name: t("ספת VIP", "VIP sofa", "VIP-диван"),
    serviceCharge: 800,
    tickets: [
      { policy: 1, price: 9900, weight: 100 },
      { policy: 6, price: 8900, weight: 0 },
      { policy: 8, price: 18900, weight: 0, multiply: 2 },
    ],
  },
  {
    id: TICKET_GROUP.vipBed,
    code: "VIPBED",
    name: t("מיטת VIP", "VIP bed", "VIP-кровать"),
    serviceCharge: 800,
    tickets: [
      { policy: 1, price: 12900, weight: 100 },
      { policy: 8, price: 23900, weight: 0, multiply: 2 },
    ],
  },
  {
    id: TICKET_GROUP.premium,
    code: "PREMIUM",
    name: t("מושבי פרימיום", "Premium seats", "Премиум-места"),
    serviceCharge: 600,
    tickets: [
      { policy: 1, price: 6900, weight: 90 },
      { policy: 6, price: 6200, weight: 0 },
      { policy: 3, price: 5500, weight: 10 },
    ],
  },
  {
    id: TICKET_GROUP.largeFormat,
    code: "XL",
    name: t("כרטיסי XL", "XL tickets", "Билеты XL"),
    serviceCharge: 600,
    tickets: [
      { policy: 1, price: 5900, weight: 60 },
      { policy: 2, price: 4900, weight: 20 },
      { policy: 3, price: 4500, weight: 10 },
      { policy: 5, price: 5200, weight: 10 },
      { policy: 6, price: 5200, weight: 0 },
    ],
  },
  {
    id: TICKET_GROUP.largeFormat3d,
    code: "XL3D",
    name: t("כרטיסי XL תלת-ממד", "XL 3D tickets", "Билеты XL 3D"),
    serviceCharge: 600,
    tickets: [
      { policy: 1, price: 6500, weight: 65 },
      { policy: 2, price: 5500, weight: 25 },
      { policy: 3, price: 5000, weight: 10 },
    ],
  },
  {
    id: TICKET_GROUP.openAir,
    code: "OPENAIR",
    name: t("כרטיסי אמפי", "Amphitheatre tickets", "Билеты в амфитеатр"),
    serviceCharge: 700,
    tickets: [
      { policy: 1, price: 6900, weight: 60 },
      { policy: 2, price: 4900, weight: 20 },
      { policy: 3, price: 4500, weight: 10 },
      { policy: 7, price: 5900, weight: 10 },
    ],
  },
  {
    id: TICKET_GROUP.eventStanding,
    code: "STAND",
    name: t("כניסה כללית", "General admission", "Входной билет"),
    serviceCharge: 700,
    tickets: [
      { policy: 1, price: 8900, weight: 80 },
      { policy: 5, price: 7900, weight: 20 },
      { policy: 6, price: 7900, weight: 0 },
    ],
  },
  {
    id: TICKET_GROUP.eventBalcony,
    code: "BALCONY",
    name: t("יציע", "Balcony", "Балкон"),
    serviceCharge: 700,
    tickets: [{ policy: 1, price: 11900, weight: 100 }],
  },
  {
    id: TICKET_GROUP.vod,
    code: "VOD",
    name: t("צפייה בבית", "Watch at home", "Просмотр дома"),
    serviceCharge: 0,
    tickets: [
      { policy: 9, price: 2900, weight: 100 },
      { policy: 6, price: 1900, weight: 0 },
    ],
  },
]

export const ticketGroups: ReadonlyArray<Row> = groupSpecs.map((g, i) => ({
  id: g.id,
  name: g.name,
  code: g.code,
  sort_order: i,
}))

export const tickets: ReadonlyArray<Row & { readonly id: number; readonly weight: number }> =
  groupSpecs.flatMap((g) =>
    g.tickets.map((spec, i) => ({
      id: g.id * 100 + i + 1,
      ticket_group_id: g.id,
      price_policy_id: spec.policy,
      name: policyNames[spec.policy]!,
      price_agorot: spec.price,
      service_charge_agorot: g.serviceCharge,
      multiply_factor: spec.multiply ?? 1,
      is_member_only: spec.policy === PRICE_POLICY.member,
      requires_reference: spec.policy === PRICE_POLICY.hotelGuest,
      is_senior: spec.policy === PRICE_POLICY.senior,
      includes_3d_glasses: false,
      min_per_order: 0,
      max_per_order: spec.max ?? (spec.policy === PRICE_POLICY.member ? 2 : 10),
      requires_ticket_id: null,
      is_active: true,
      sort_order: i,
      weight: spec.weight,
    })),
  )

/**
 * The seed's sales mix: for each ticket group, ticket ids with a half-open range of [0, 1000) so the
 * SQL can pick one with a hash. Member-only, reference and multi-seat tickets need data the set-based
 * sales do not model, so they keep weight 0 except hotel guests (who get a generated reference).
 */
export const ticketMix = (): ReadonlyArray<Row> =>
  groupSpecs.flatMap((g) => {
    const rows = tickets.filter((x) => x.ticket_group_id === g.id && x.weight > 0)
    const total = rows.reduce((sum, x) => sum + x.weight, 0)
    let lo = 0
    return rows.map((x, i) => {
      const hi = i === rows.length - 1 ? 1000 : lo + Math.round((x.weight / total) * 1000)
      const row = { ticket_group_id: g.id, ticket_id: x.id, lo, hi }
      lo = hi
      return row
    })
  })

/** Which ticket groups each venue (or venue section) sells by default. */
export const venueTicketGroups = (venues: Venues): ReadonlyArray<Row> => {
  const rows: Array<Row> = []
  const add = (venueId: number, sectionId: number | null, groupId: number, sort = 0) =>
    rows.push({ venue_id: venueId, section_id: sectionId, ticket_group_id: groupId, sort_order: sort })
  for (const venue of venues.venues) {
    const sections = venues.sections.filter((s) => s.seatplan_id === venue.seatplan_id)
    if (isVodVenueType(venue.venue_type_id)) add(venue.id, null, TICKET_GROUP.vod)
    else if (venue.venue_type_id === 2) {
      add(venue.id, null, TICKET_GROUP.vipSofa, 0)
      add(venue.id, null, TICKET_GROUP.vipBed, 1)
    } else if (venue.venue_type_id === 3) {
      add(venue.id, null, TICKET_GROUP.largeFormat, 0)
      add(venue.id, null, TICKET_GROUP.premium, 1)
    } else if (venue.venue_type_id === 4) add(venue.id, null, TICKET_GROUP.openAir)
    else {
      for (const section of sections) {
        const group = section.is_reserved
          ? TICKET_GROUP.standard
          : section.name.en === "Balcony"
            ? TICKET_GROUP.eventBalcony
            : TICKET_GROUP.eventStanding
        add(venue.id, section.id, group, section.sort_order)
      }
    }
  }
  return rows
}

export const serviceCharges: ReadonlyArray<Row> = [
  { id: 1, kind: "booking", amount_agorot: null, percent_bp: 300, applies_per: "order", location_id: 1173 },
  { id: 2, kind: "booking", amount_agorot: null, percent_bp: 300, applies_per: "order", location_id: 1181 },
  {
    id: 3,
    kind: "cancellation",
    amount_agorot: 1000,
    percent_bp: null,
    applies_per: "order",
    location_id: null,
  },
  {
    id: 4,
    kind: "cancellation",
    amount_agorot: 300,
    percent_bp: null,
    applies_per: "ticket",
    location_id: 1186,
  },
].map((row) => ({ ...row, name: t("דמי טיפול", "Service charge", "Сервисный сбор"), is_refundable: false }))

const product = (
  id: number,
  category: string,
  name: Text,
  price: number,
  weight: number,
  extra: Partial<{ is_delivery_required: boolean; is_3d_glasses: boolean }> = {},
) => ({
  id,
  name,
  category,
  price_agorot: price,
  is_delivery_required: extra.is_delivery_required ?? false,
  is_3d_glasses: extra.is_3d_glasses ?? false,
  // its picture in `images`, written at seed time (productArt.ts)
  image_key: `products/${id}.svg`,
  is_active: true,
  sort_order: id,
  weight,
})

export const GLASSES_PRODUCT_ID = 11

export const products = [
  product(1, "popcorn", t("פופקורן קטן", "Small popcorn", "Попкорн маленький"), 1900, 14),
  product(2, "popcorn", t("פופקורן בינוני", "Medium popcorn", "Попкорн средний"), 2400, 22),
  product(3, "popcorn", t("פופקורן גדול", "Large popcorn", "Попкорн большой"), 2900, 18),
  product(4, "drinks", t("שתייה קלה", "Soft drink", "Прохладительный напиток"), 1400, 24),
  product(5, "drinks", t("מים מינרליים", "Mineral water", "Минеральная вода"), 900, 9),
  product(6, "drinks", t("בירה מהחבית", "Draught beer", "Разливное пиво"), 2800, 5),
  product(7, "snacks", t("נאצ'וס עם גבינה", "Nachos with cheese", "Начос с сыром"), 2500, 8),
  product(8, "snacks", t("נקניקייה", "Hot dog", "Хот-дог"), 2200, 4),
  product(9, "combo", t("קומבו זוגי", "Couple combo", "Комбо для двоих"), 5400, 12),
  product(10, "combo", t("קומבו ילדים", "Kids combo", "Детское комбо"), 3200, 7),
  product(GLASSES_PRODUCT_ID, "glasses", t("משקפי תלת-ממד", "3D glasses", "3D-очки"), 500, 0, {
    is_3d_glasses: true,
  }),
  product(12, "sweets", t("שוקולד", "Chocolate bar", "Шоколадка"), 1200, 3),
  product(13, "sweets", t("גלידה", "Ice cream", "Мороженое"), 1500, 2),
  product(14, "combo", t("מגש VIP למושב", "VIP platter to your seat", "VIP-сет к месту"), 6900, 1, {
    is_delivery_required: true,
  }),
]

/** Products sold with orders, as hash ranges like {@link ticketMix}; glasses are added per 3D ticket. */
export const productMix = (): ReadonlyArray<Row> => {
  const sold = products.filter((p) => p.weight > 0)
  const total = sold.reduce((sum, p) => sum + p.weight, 0)
  let lo = 0
  return sold.map((p, i) => {
    const hi = i === sold.length - 1 ? 1000 : lo + Math.round((p.weight / total) * 1000)
    const row = { product_id: p.id, price_agorot: p.price_agorot, lo, hi }
    lo = hi
    return row
  })
}
