import { Temporal } from "@js-temporal/polyfill"
import {
  productMix,
  products,
  type Row,
  serviceCharges,
  ticketGroups,
  ticketMix,
  tickets,
  venueTicketGroups,
} from "./commerce.ts"
import { type FeatureCategoryRow, featureCategories } from "./featureCategories.ts"
import { type FeatureRow, makeFeatures } from "./features.ts"
import { journeyPresentations } from "./journeySeed.ts"
import { type LocationRow, locations } from "./locations.ts"
import {
  donationDetails,
  donations,
  membershipPrices,
  memberships,
  voucherClasses,
  voucherPrices,
  voucherSuperclasses,
} from "./offers.ts"
import { makePeople, type People } from "./people.ts"
import { pointOfSaleMix, pointsOfSale } from "./pointsOfSale.ts"
import { featurePosterSvg } from "./posterArt.ts"
import { productArtSvg } from "./productArt.ts"
import { makeRandom } from "./random.ts"
import { makeSchedule, type PresentationRow, type Schedule, TIME_ZONE } from "./schedule.ts"
import { makeVenues, type Venues } from "./venues.ts"

export interface SeedOptions {
  /** any integer: the same seed, scale and day always give the same database */
  readonly seed: number
  /** multiplies past sales (two weeks of history per unit) and customers; 1 is the demo size */
  readonly scale: number
  /** "today" in Asia/Jerusalem: the what's-on window is today − 14 … today + 14 */
  readonly today: Temporal.PlainDate
  /** also lay down the end-to-end journeys' own presentations and codes (journeys.ts); off by default */
  readonly journeys?: boolean
}

export interface ImageRow {
  readonly key: string
  readonly content_type: "image/svg+xml"
  readonly body: string
}

/** Each film's poster and each product's picture, drawn for the rows that name one. */
const makeImages = (
  features: ReadonlyArray<FeatureRow>,
  productRows: ReadonlyArray<(typeof products)[number]>,
): ReadonlyArray<ImageRow> => {
  const images: Array<ImageRow> = []
  for (const feature of features)
    if (feature.image_key !== null)
      images.push({ key: feature.image_key, content_type: "image/svg+xml", body: featurePosterSvg(feature) })
  for (const product of productRows) {
    const body = productArtSvg(product.id, product.name.en)
    if (body !== undefined) images.push({ key: product.image_key, content_type: "image/svg+xml", body })
  }
  return images
}

/** Everything the seed writes, as plain rows, before any SQL: the pure half of seeding. */
export interface SeedPlan {
  readonly options: SeedOptions
  readonly locations: ReadonlyArray<LocationRow>
  readonly featureCategories: ReadonlyArray<FeatureCategoryRow>
  readonly features: ReadonlyArray<FeatureRow>
  /** the films' posters and the products' pictures, by the `image_key` their rows carry */
  readonly images: ReadonlyArray<ImageRow>
  readonly venues: Venues
  readonly schedule: Schedule
  /** the end-to-end journeys' presentations: empty unless `options.journeys` */
  readonly journeyPresentations: ReadonlyArray<PresentationRow>
  readonly people: People
  readonly pointsOfSale: ReadonlyArray<Row>
  /** hash ranges the set-based sales SQL picks from */
  readonly mixes: {
    readonly tickets: ReadonlyArray<Row>
    readonly products: ReadonlyArray<Row>
    readonly pointsOfSale: ReadonlyArray<Row>
  }
  /** midnight of `today` in Asia/Jerusalem: sales for later presentations happened before it */
  readonly salesCutoff: string
  readonly commerce: {
    readonly ticketGroups: ReadonlyArray<Row>
    readonly tickets: ReadonlyArray<Row>
    readonly venueTicketGroups: ReadonlyArray<Row>
    readonly serviceCharges: ReadonlyArray<Row>
    readonly products: ReadonlyArray<Row>
    readonly voucherSuperclasses: ReadonlyArray<Row>
    readonly voucherClasses: ReadonlyArray<Row>
    readonly voucherPrices: ReadonlyArray<Row>
    readonly memberships: ReadonlyArray<Row>
    readonly membershipPrices: ReadonlyArray<Row>
    readonly donations: ReadonlyArray<Row>
    readonly donationDetails: ReadonlyArray<Row>
  }
}

export const buildSeedPlan = (options: SeedOptions): SeedPlan => {
  if (!Number.isInteger(options.seed)) throw new Error(`seed must be an integer, got ${options.seed}`)
  if (!(options.scale >= 1)) throw new Error(`scale must be at least 1, got ${options.scale}`)
  const scale = Math.floor(options.scale)
  // accept a native Temporal.PlainDate as well as the polyfill's
  const today = Temporal.PlainDate.from(options.today.toString())
  const random = makeRandom(options.seed)
  const features = makeFeatures(today, random.fork("features"))
  const venues = makeVenues()
  const schedule = makeSchedule({
    today,
    scale,
    features,
    venues: venues.venues,
    random: random.fork("schedule"),
  })
  const physical = locations.filter((l) => !l.is_head_office).map((l) => l.id)
  const people = makePeople({ today, scale, locationIds: physical, random: random.fork("people") })
  const pos = pointsOfSale(locations.map((l) => l.id))
  return {
    options: { seed: options.seed, scale, today, journeys: options.journeys === true },
    locations,
    featureCategories,
    features,
    images: makeImages(features, products),
    venues,
    schedule,
    journeyPresentations: options.journeys === true ? journeyPresentations(schedule, today) : [],
    people,
    pointsOfSale: pos,
    mixes: { tickets: ticketMix(), products: productMix(), pointsOfSale: pointOfSaleMix(pos) },
    salesCutoff: today.toZonedDateTime({ timeZone: TIME_ZONE }).toInstant().toString(),
    commerce: {
      ticketGroups,
      tickets,
      venueTicketGroups: venueTicketGroups(venues),
      serviceCharges,
      products,
      voucherSuperclasses,
      voucherClasses,
      voucherPrices,
      memberships,
      membershipPrices,
      donations,
      donationDetails,
    },
  }
}
