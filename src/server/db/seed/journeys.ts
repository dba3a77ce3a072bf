/**
 * The end-to-end journeys' own data (e2e/): one presentation per journey and per Playwright project, and the
 * codes a journey spends, so journeys running in parallel never race for a seat or spend each other's voucher.
 * Laid down only when the server starts with `SEED_JOURNEYS=1` (playwright.config.ts does): the demo chain
 * and every other test see the seed unchanged. Pure data (no Effect, no SQL) so that the specs import it to
 * find their presentation by the journey's name.
 */

import { HOSTILE_IMAGE_MAP } from "./imageMaps.ts"

/** The Playwright projects (playwright.config.ts): each runs every journey, each on data of its own. */
export const JOURNEY_PROJECTS = ["desktop", "phone"] as const
export type JourneyProject = (typeof JOURNEY_PROJECTS)[number]

/** Halls the journeys buy in (src/server/db/seed/venues.ts); standard ones at cinemas of the default card provider. */
const HALL = {
  telAviv1: 11701,
  telAviv3: 11703,
  haifa1: 11751,
  haifa3: 11753,
  rishon1: 11861,
  /** at the family brand's cinema (Jerusalem Station): the brand's wording on its steps */
  jerusalem2: 11732,
  /** the open-air amphitheatre, over 20,000 seats: drawn by WebGL */
  amphitheatre: 11862,
  /** one general-admission area and no numbered seats */
  eventStage: 11752,
} as const

export interface JourneySpec {
  readonly venueId: number
  /** system vouchers (codes.ts) this journey spends: each project gets its own copy, see `journeyVoucher` */
  readonly vouchers?: ReadonlyArray<string>
  /** a member (codes.ts) whose points or entries this journey spends: each project gets its own copy */
  readonly member?: string
  /** the presentation's own image map (spec §3 `imageMapHtml`), stored as given */
  readonly imageMapHtml?: string
  /** issue 19: the presentation asks for the child waiver (e2e/waiver.spec.ts) */
  readonly waiver?: boolean
}

/**
 * Journeys by name (`spec/what it does`). Append only: a journey's position gives its presentations' ids,
 * which a run's two projects and its screenshots rely on.
 */
export const JOURNEYS = {
  "order-seats/held-survives-reload": { venueId: HALL.telAviv1 },
  "order-seats/lost-offline": { venueId: HALL.telAviv3 },
  "order-seats/keyboard": { venueId: HALL.haifa1 },
  "order-seats/held-by-another": { venueId: HALL.haifa3 },
  "seatmap/mine-colour": { venueId: HALL.rishon1 },
  "seatmap/tap-highlight": { venueId: HALL.telAviv1 },
  "seatmap/lost-context": { venueId: HALL.amphitheatre },
  "seatmap/compact-bitmap": { venueId: HALL.telAviv3 },
  "seatmap/canvas2d": { venueId: HALL.haifa1 },
  "payment-dialog-states/he": { venueId: HALL.haifa3 },
  "payment-dialog-states/en": { venueId: HALL.rishon1 },
  "payment/3ds": { venueId: HALL.telAviv1 },
  "payment/double-click": { venueId: HALL.telAviv3 },
  "payment/blik": { venueId: HALL.haifa1 },
  "payment/voucher": { venueId: HALL.haifa3, vouchers: ["GIFT-100"] },
  "payment/lost-answer": { venueId: HALL.rishon1 },
  "payment/back-from-provider": { venueId: HALL.telAviv1 },
  "payment-saved-card/first": { venueId: HALL.telAviv3 },
  "payment-saved-card/second": { venueId: HALL.haifa1 },
  "payment-wallets": { venueId: HALL.haifa3 },
  "order-best-available": { venueId: HALL.rishon1 },
  "order-codes/coupon": { venueId: HALL.telAviv1 },
  "order-codes/ticket-voucher": { venueId: HALL.telAviv3, vouchers: ["TICKET-2"] },
  "order-ga": { venueId: HALL.eventStage },
  "order-loyalty": { venueId: HALL.haifa1, member: "90000001" },
  "order-products": { venueId: HALL.haifa3 },
  "order-single-seat": { venueId: HALL.rishon1 },
  "order-tickets": { venueId: HALL.telAviv1 },
  "order-timer": { venueId: HALL.telAviv3 },
  "step-screenshots/he": { venueId: HALL.haifa1 },
  "step-screenshots/en": { venueId: HALL.haifa3 },
  "hold-lapse": { venueId: HALL.rishon1 },
  "payment/declined-he": { venueId: HALL.telAviv3 },
  "order-terms/he": { venueId: HALL.haifa1 },
  "order-verification/he": { venueId: HALL.haifa3 },
  "shop/voucher-pays-ticket": { venueId: HALL.rishon1 },
  "wallet/offline": { venueId: HALL.telAviv1 },
  "staff-reports/live-sale": { venueId: HALL.telAviv1 },
  // issue 16: two showings at one cinema (Tel Aviv: one business, one auth profile) bought in one order
  "multi-showing/first": { venueId: HALL.telAviv1 },
  "multi-showing/second": { venueId: HALL.telAviv3 },
  "multi-showing/remove-first": { venueId: HALL.haifa1 },
  "multi-showing/remove-second": { venueId: HALL.haifa3 },
  // issue 16: an unpaid hold made on the pay step, then paid from the customer area (e2e/holds.spec.ts)
  "holds/convert": { venueId: HALL.rishon1 },
  // issue 15: the customer area's journeys buy here, then find, resend and cancel what they bought
  "customer-area": { venueId: HALL.rishon1 },
  // issue 17: a checkout that survives lost signal (e2e/checkout-offline.spec.ts)
  "offline/checkout": { venueId: HALL.haifa1 },
  // issue 19: bought through the first partner's mini-site (src/server/db/seed/miniSites.ts offers it there)
  "mini-site/buy": { venueId: HALL.telAviv1 },
  // issue 20: stored XSS payloads in the image map, the buyer's name and what they type (e2e/xss.spec.ts)
  xss: { venueId: HALL.haifa3, imageMapHtml: HOSTILE_IMAGE_MAP },
  // issue 19: a children's showing that asks for the child waiver (e2e/waiver.spec.ts)
  "waiver/sign": { venueId: HALL.haifa3, waiver: true },
  // issue 16: an unpaid hold that lapses at its cut-off, the server's clock moved (e2e/hold-cutoff.spec.ts)
  "holds/cutoff": { venueId: HALL.rishon1 },
  // issue 18: a broker locks this showing from the staff app's presentation box, then puts it back on sale
  // (e2e/staff-attendance.spec.ts); its own, so no buyer's journey finds its showing off sale
  "staff-brokers/lock": { venueId: HALL.telAviv1 },
  // issue 20: a browser that cannot hand a canvas to a worker draws the large hall with Canvas 2D on the page
  "seatmap/no-offscreen": { venueId: HALL.amphitheatre },
  // issue 19: the family brand's wording on the ticket step at its cinema (e2e/mini-site.spec.ts)
  "brand/family": { venueId: HALL.jerusalem2 },
} as const satisfies Record<string, JourneySpec>

export type JourneyName = keyof typeof JOURNEYS

const NAMES = Object.keys(JOURNEYS) as ReadonlyArray<JourneyName>

/** Far above the schedule's ids (100001 on, one per showing), so the two never meet at any scale in use. */
export const FIRST_JOURNEY_PRESENTATION_ID = 900_001

const slot = (journey: JourneyName, project: JourneyProject) => {
  const index = NAMES.indexOf(journey)
  if (index < 0) throw new Error(`unknown journey ${journey}`)
  return index * JOURNEY_PROJECTS.length + JOURNEY_PROJECTS.indexOf(project)
}

/** The id of the presentation that `journey` buys in when run by `project`. */
export const journeyPresentationId = (journey: JourneyName, project: JourneyProject): number =>
  FIRST_JOURNEY_PRESENTATION_ID + slot(journey, project)

/** The journey's own copy of a seeded voucher, e.g. GIFT-100-DESKTOP: same class, balance and dates. */
export const journeyVoucher = (voucher: string, project: JourneyProject): string =>
  `${voucher}-${project.toUpperCase()}`

/** The journey's own copy of a seeded member: 8 digits starting 91, unlike every demo member number. */
export const journeyMember = (journey: JourneyName, project: JourneyProject): string =>
  String(91_000_000 + slot(journey, project) + 1)

/** Every journey's presentation, project by project: what the seed lays down. */
export const journeySlots = (): ReadonlyArray<{
  readonly journey: JourneyName
  readonly project: JourneyProject
  readonly id: number
  readonly spec: JourneySpec
}> =>
  NAMES.flatMap((journey) =>
    JOURNEY_PROJECTS.map((project) => ({
      journey,
      project,
      id: journeyPresentationId(journey, project),
      spec: JOURNEYS[journey] as JourneySpec,
    })),
  )

/**
 * Mobile numbers of customers of their own for the sign-in journeys (e2e/customer-sign-in.spec.ts): copies of the
 * demo customer (same name, the same ID number shown masked, no e-mail, no password, no lookup hash) that only one
 * journey signs in to, so no other journey's SMS code or resend back-off on the demo's number gets in its way.
 */
export const JOURNEY_CUSTOMER_MOBILES = { smsCode: "0521234601", signInLink: "0521234602" } as const

/**
 * The video-on-demand journey (e2e/vod.spec.ts): per project, a presentation in the first VOD venue whose window
 * (48 hours from its start, src/domain/vod/access.ts) is open all the day the run starts on, and a customer of its
 * own (a copy of the demo customer, like the sign-in journeys') who buys and plays it. Ids below the other
 * journeys' and far above the schedule's.
 */
export const JOURNEY_VOD_VENUE_ID = 11991
export const journeyVodPresentationId = (project: JourneyProject): number =>
  899_901 + JOURNEY_PROJECTS.indexOf(project)
export const JOURNEY_VOD_MOBILES: Readonly<Record<JourneyProject, string>> = {
  desktop: "0521234611",
  phone: "0521234612",
}

/**
 * The offline-venue journey (e2e/mini-site.spec.ts, issue 19): a cinema of its own that is offline for sales
 * (`locations.is_online` false), one hall (a copy of Haifa's hall 1: its seatplan) and, per project, a showing
 * there late tomorrow evening, on sale by its own switch but sold by no one online: every way in ends at the
 * offline-venue view. Its name sorts after the chain's cinemas (Hebrew, English, Russian), and nothing else of
 * the seed is there (no web point of sale, no partner, no membership), so no other journey meets it.
 */
export const JOURNEY_OFFLINE_LOCATION = {
  id: 1190,
  venueId: 11901,
  /** the hall it copies (its seatplan, film and partners) */
  copiesVenueId: 11751,
  name: { he: "מרקי תמנע", en: "Marquee Timna", ru: "Marquee Тимна" },
} as const
export const journeyOfflinePresentationId = (project: JourneyProject): number =>
  899_911 + JOURNEY_PROJECTS.indexOf(project)

/**
 * The season enrolment journey (e2e/enrolment.spec.ts): per project, a customer of its own (a copy of the demo
 * customer, like the sign-in journeys') with a member of the club membership 1 valid today, who enrols in the demo
 * season (src/server/db/seed/enrolmentSeason.ts). Its own number, so no other journey's SMS code gets in its way.
 */
export const JOURNEY_ENROL_MOBILES: Readonly<Record<JourneyProject, string>> = {
  desktop: "0521234621",
  phone: "0521234622",
}
export const journeyEnrolMember = (project: JourneyProject): string =>
  String(92_000_001 + JOURNEY_PROJECTS.indexOf(project))

/**
 * The customer area's journeys (e2e/customer-area.spec.ts): per project, a customer of its own (a copy of the demo
 * customer, like the sign-in journeys') who signs in by phone, buys on the journey's presentation and makes their
 * own voucher ({@link journeyAreaVoucher}, a copy of the demo's untouched AREA-D-FULL) a replacement.
 */
export const JOURNEY_AREA_MOBILES: Readonly<Record<JourneyProject, string>> = {
  desktop: "0521234631",
  phone: "0521234632",
}
export const journeyAreaVoucher = (project: JourneyProject): string => `AREA-J-${project.toUpperCase()}`

/**
 * The XSS journey (e2e/xss.spec.ts): per project, a customer of its own whose first and last names are payloads
 * (a copy of the demo customer otherwise), who signs in by phone; and, for the staff app, a partner named with the
 * same payloads whose ticket reference is one too. Each payload sets `window.__xss` if it ever runs.
 */
export const JOURNEY_XSS_MOBILES: Readonly<Record<JourneyProject, string>> = {
  desktop: "0521234661",
  phone: "0521234662",
}
export const XSS_FIRST_NAME = `<img src=x onerror="window.__xss='first name'">`
export const XSS_LAST_NAME = `<svg onload="window.__xss='last name'"></svg>`
export const XSS_REFERENCE = `<script>window.__xss='reference'</script>`

/**
 * The child waiver's journeys (e2e/waiver.spec.ts): per project, a customer of its own (a copy of the demo
 * customer) who signs in by phone, buys with a signed waiver and finds it with the reservation in the area.
 */
export const JOURNEY_WAIVER_MOBILES: Readonly<Record<JourneyProject, string>> = {
  desktop: "0521234652",
  phone: "0521234651",
}
