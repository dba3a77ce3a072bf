import { Temporal } from "@js-temporal/polyfill"
import { isVodVenueType } from "../../../domain/shared/venueType.ts"
import type { Row } from "./commerce.ts"
import { CATEGORY } from "./featureCategories.ts"
import type { FeatureRow } from "./features.ts"
import type { Random } from "./random.ts"
import { TICKET_GROUP } from "./ticketGroupIds.ts"
import { VENUE_TYPE, type VenueRow } from "./venues.ts"

export const TIME_ZONE = "Asia/Jerusalem"
/** The what's-on strip: 14 days back, today, 14 ahead. */
export const WINDOW_DAYS = 14
/** Past days added before the window per unit of scale above 1. */
export const HISTORY_DAYS_PER_SCALE = 7

export interface PresentationRow {
  readonly id: number
  readonly feature_id: number
  readonly venue_id: number
  readonly starts_at: string
  readonly auth_profile_id: number
  readonly business_id: number
  readonly is_on_sale: boolean
  readonly is_3d: boolean
  readonly new_booking_url: string | null
}

/** How full the seed makes each presentation (per mille of capacity; VOD: rentals × 10). */
export interface SalesPlanRow {
  readonly presentation_id: number
  readonly occupancy_permille: number
}

export interface Schedule {
  readonly presentations: ReadonlyArray<PresentationRow>
  readonly presentationTicketGroups: ReadonlyArray<Row>
  readonly salesPlan: ReadonlyArray<SalesPlanRow>
  readonly firstDay: Temporal.PlainDate
  readonly lastDay: Temporal.PlainDate
}

// staggered per hall so a multiplex does not start every film at once; each pattern leaves 3 hours a slot
const standardSlots: ReadonlyArray<ReadonlyArray<string>> = [
  ["10:00", "13:00", "16:00", "19:00", "22:00"],
  ["10:30", "13:30", "16:30", "19:30", "22:30"],
  ["11:00", "14:00", "17:00", "20:00", "23:00"],
  ["11:30", "14:30", "17:30", "20:30", "23:30"],
]
const vipSlots = ["13:15", "16:15", "19:15", "22:15"]
const vodSlots = ["10:00", "20:00"]

const slotsFor = (venue: VenueRow, index: number, day: Temporal.PlainDate, inWindow: boolean) => {
  switch (venue.venue_type_id) {
    case VENUE_TYPE.vip:
      return vipSlots
    case VENUE_TYPE.openAir: {
      // Thursday nights; older history only in the summer season
      return day.dayOfWeek === 4 && (inWindow || (day.month >= 6 && day.month <= 9)) ? ["20:30"] : []
    }
    case VENUE_TYPE.event:
      return venue.id % 2 === 1 ? ["19:00", "22:00"] : ["21:00"]
    default:
      return isVodVenueType(venue.venue_type_id) ? vodSlots : standardSlots[index % standardSlots.length]!
  }
}

/** Israeli weekend nights (Thursday, Friday daytime, Saturday night) fill halls. */
const demandBoost = (day: Temporal.PlainDate, hour: number) => {
  const weekend = day.dayOfWeek === 4 || day.dayOfWeek === 6 ? 140 : day.dayOfWeek === 5 && hour < 17 ? 70 : 0
  const evening = hour >= 19 ? 90 : hour < 12 ? -70 : 0
  return weekend + evening
}

export const toInstant = (day: Temporal.PlainDate, time: string): Temporal.Instant =>
  day.toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime(TIME_ZONE).toInstant()

export const makeSchedule = (options: {
  readonly today: Temporal.PlainDate
  readonly scale: number
  readonly features: ReadonlyArray<FeatureRow>
  readonly venues: ReadonlyArray<VenueRow>
  readonly random: Random
}): Schedule => {
  const { today, features, venues, random } = options
  const windowStart = today.subtract({ days: WINDOW_DAYS })
  // more scale, more history: every unit adds a week of past presentations for the dashboards
  const firstDay = windowStart.subtract({ days: HISTORY_DAYS_PER_SCALE * (Math.max(1, options.scale) - 1) })
  const lastDay = today.add({ days: WINDOW_DAYS })
  const popularity = new Map(features.map((f) => [f.id, random.int(80, 420)]))
  const presentations: Array<PresentationRow> = []
  const presentationTicketGroups: Array<Row> = []
  const salesPlan: Array<SalesPlanRow> = []
  const tomorrow = today.add({ days: 1 })
  let offSalePicked = false

  for (let day = firstDay; Temporal.PlainDate.compare(day, lastDay) <= 0; day = day.add({ days: 1 })) {
    const inWindow = Temporal.PlainDate.compare(day, windowStart) >= 0
    const showing = features.filter((f) => f.release_date <= day.toString())
    const candidates =
      showing.length > 0 ? showing : features.filter((f) => f.release_date <= windowStart.toString())
    const daysAhead = today.until(day).days
    venues.forEach((venue, venueIndex) => {
      for (const time of slotsFor(venue, venueIndex, day, inWindow)) {
        const hour = Number(time.slice(0, 2))
        const kidsFirst = hour < 14 && venue.venue_type_id < 100
        const pool = kidsFirst
          ? candidates.filter((f) => f.category_id === CATEGORY.kids || f.category_id === CATEGORY.animation)
          : candidates
        const feature = random.weighted(
          (pool.length > 0 ? pool : candidates).map((f) => {
            const weeksOut = Math.max(0, Temporal.PlainDate.from(f.release_date).until(day).days / 7)
            return [f, popularity.get(f.id)! * Math.max(0.3, 1 - weeksOut * 0.06)] as const
          }),
        )
        const id = 100001 + presentations.length
        const physical3d =
          venue.venue_type_id === VENUE_TYPE.standard || venue.venue_type_id === VENUE_TYPE.largeFormat
        const is3d = feature.is_3d && physical3d && random.chance(0.5)
        const offSale = !offSalePicked && day.equals(tomorrow) && venue.venue_type_id === VENUE_TYPE.standard
        offSalePicked ||= offSale
        presentations.push({
          id,
          feature_id: feature.id,
          venue_id: venue.id,
          starts_at: toInstant(day, time).toString(),
          // a partner runs the Haifa event stage, and the club library streams under its own auth profile,
          // so carts mixing them meet the 'Incompatible Business/AuthProfile' rules
          auth_profile_id: venue.id === 11752 ? 2 : venue.venue_type_id === 104 ? 3 : 1,
          business_id: venue.id === 11752 ? 2 : 1,
          is_on_sale: !offSale,
          is_3d: is3d,
          new_booking_url: null,
        })
        if (is3d) {
          const group =
            venue.venue_type_id === VENUE_TYPE.largeFormat
              ? TICKET_GROUP.largeFormat3d
              : TICKET_GROUP.standard3d
          presentationTicketGroups.push({
            presentation_id: id,
            section_id: null,
            ticket_group_id: group,
            sort_order: 0,
          })
          if (venue.venue_type_id === VENUE_TYPE.largeFormat) {
            presentationTicketGroups.push({
              presentation_id: id,
              section_id: null,
              ticket_group_id: TICKET_GROUP.premium,
              sort_order: 1,
            })
          }
        }
        const base =
          popularity.get(feature.id)! +
          demandBoost(day, hour) +
          (venue.venue_type_id === VENUE_TYPE.vip ? 120 : 0) +
          random.int(-80, 80)
        // future presentations are still selling: the further ahead, the emptier
        const soFar = daysAhead < 0 ? 1 : Math.max(0.04, 0.85 - daysAhead * 0.06)
        // twenty thousand seats are rarely more than a third full on a cinema night
        const venueShare = venue.venue_type_id === VENUE_TYPE.openAir ? 0.4 : 1
        salesPlan.push({
          presentation_id: id,
          occupancy_permille: Math.max(0, Math.min(970, Math.round(base * soFar * venueShare))),
        })
      }
    })
  }
  return { presentations, presentationTicketGroups, salesPlan, firstDay, lastDay }
}
