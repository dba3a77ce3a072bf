import { Effect, Option } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import { protectSsn, seedSsnKeys } from "../../customer/ssnProtection.ts"
import { writeCodes } from "./codes.ts"
import { writeComplexInfo } from "./complexInfo.ts"
import { writeCustomerArea } from "./customerArea.ts"
import { writeEnrolmentSeason } from "./enrolmentSeason.ts"
import { DEMO_IMAGE_MAP, DEMO_IMAGE_MAP_VENUE_ID } from "./imageMaps.ts"
import { writeJourneys } from "./journeySeed.ts"
import { writeMiniSites } from "./miniSites.ts"
import { buildSeedPlan, type SeedOptions, type SeedPlan } from "./plan.ts"
import { writeSales } from "./sales.ts"
import { writeSeasonMembership } from "./seasonMembership.ts"
import { markDemoWaiverShowings } from "./waiverShowings.ts"
import { bumpIdentity, COLUMNS, insertRows, withForeignKeysDeferred } from "./write.ts"

const SALES_TABLES = ["reservations", "seat_allocations", "sold_tickets", "product_sales"]

export type { SeedOptions } from "./plan.ts"

/** Rows per table after seeding. */
export interface SeedSummary {
  readonly locations: number
  readonly venues: number
  readonly venueSections: number
  readonly seats: number
  readonly features: number
  readonly presentations: number
  readonly tickets: number
  readonly products: number
  readonly customers: number
  readonly members: number
  readonly staffUsers: number
  readonly reservations: number
  readonly soldTickets: number
  readonly productSales: number
}

const writeCatalogue = (plan: SeedPlan) =>
  Effect.gen(function* () {
    const { venues, commerce } = plan
    yield* insertRows("locations", COLUMNS.locations, plan.locations)
    yield* insertRows("feature_categories", COLUMNS.feature_categories, plan.featureCategories)
    yield* insertRows("images", COLUMNS.images, plan.images)
    yield* insertRows("features", COLUMNS.features, plan.features)
    yield* insertRows("seatplans", COLUMNS.seatplans, venues.seatplans)
    yield* insertRows("venues", COLUMNS.venues, venues.venues)
    yield* insertRows("venue_sections", COLUMNS.venue_sections, venues.sections)
    yield* insertRows("seat_groups", COLUMNS.seat_groups, venues.groups)
    yield* insertRows("ticket_groups", COLUMNS.ticket_groups, commerce.ticketGroups)
    yield* insertRows("seats", COLUMNS.seats, venues.seats, 10000)
    yield* insertRows("presentations", COLUMNS.presentations, plan.schedule.presentations, 10000)
    yield* markDemoWaiverShowings
    yield* insertRows("tickets", COLUMNS.tickets, commerce.tickets)
    yield* insertRows("venue_ticket_groups", COLUMNS.venue_ticket_groups, commerce.venueTicketGroups)
    yield* insertRows(
      "presentation_ticket_groups",
      COLUMNS.presentation_ticket_groups,
      plan.schedule.presentationTicketGroups,
      10000,
    )
    yield* insertRows("service_charges", COLUMNS.service_charges, commerce.serviceCharges)
    yield* insertRows("products", COLUMNS.products, commerce.products)
    yield* insertRows(
      "system_voucher_superclasses",
      COLUMNS.system_voucher_superclasses,
      commerce.voucherSuperclasses,
    )
    yield* insertRows("system_voucher_classes", COLUMNS.system_voucher_classes, commerce.voucherClasses)
    yield* insertRows("system_voucher_prices", COLUMNS.system_voucher_prices, commerce.voucherPrices)
    yield* insertRows("memberships", COLUMNS.memberships, commerce.memberships)
    yield* insertRows("membership_prices", COLUMNS.membership_prices, commerce.membershipPrices)
    yield* insertRows("donations", COLUMNS.donations, commerce.donations)
    yield* insertRows("donation_details", COLUMNS.donation_details, commerce.donationDetails)
    yield* insertRows("points_of_sale", COLUMNS.points_of_sale, plan.pointsOfSale)
    // the plan holds ID numbers in plain text; the table only their keyed hash and sealed copy (ssnProtection.ts)
    const keys = yield* seedSsnKeys(plan.options.seed)
    const customers = plan.people.customers.map(({ ssn, ...customer }) => ({
      ...customer,
      ...(typeof ssn === "string"
        ? protectSsn(keys, ssn, customer.id)
        : { ssn_hash: null, ssn_sealed: null }),
    }))
    yield* insertRows("customers", COLUMNS.customers, customers, 10000)
    yield* insertRows("members", COLUMNS.members, plan.people.members, 10000)
    yield* insertRows("staff_users", COLUMNS.staff_users, plan.people.staffUsers)
  })

const countRows = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ readonly name: string; readonly n: string | number }>`
    SELECT 'locations' AS name, count(*) AS n FROM locations
    UNION ALL SELECT 'venues', count(*) FROM venues
    UNION ALL SELECT 'venueSections', count(*) FROM venue_sections
    UNION ALL SELECT 'seats', count(*) FROM seats
    UNION ALL SELECT 'features', count(*) FROM features
    UNION ALL SELECT 'presentations', count(*) FROM presentations
    UNION ALL SELECT 'tickets', count(*) FROM tickets
    UNION ALL SELECT 'products', count(*) FROM products
    UNION ALL SELECT 'customers', count(*) FROM customers
    UNION ALL SELECT 'members', count(*) FROM members
    UNION ALL SELECT 'staffUsers', count(*) FROM staff_users
    UNION ALL SELECT 'reservations', count(*) FROM reservations
    UNION ALL SELECT 'soldTickets', count(*) FROM sold_tickets
    UNION ALL SELECT 'productSales', count(*) FROM product_sales`
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)])) as unknown as SeedSummary
})

/**
 * Writes the deterministic demo chain into an empty, migrated database in one transaction.
 * The same options always produce the same rows.
 */
export const seedDatabase = (
  options: SeedOptions,
): Effect.Effect<SeedSummary, SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const plan = buildSeedPlan(options)
    yield* sql.withTransaction(
      Effect.gen(function* () {
        yield* writeCatalogue(plan)
        yield* sql`UPDATE venues SET image_map_html = ${DEMO_IMAGE_MAP} WHERE id = ${DEMO_IMAGE_MAP_VENUE_ID}`
        yield* withForeignKeysDeferred(SALES_TABLES, writeSales(plan))
        for (const table of ["customers", "members", "staff_users", "reservations", "seat_allocations"]) {
          yield* bumpIdentity(table)
        }
        for (const table of ["sold_tickets", "product_sales"]) yield* bumpIdentity(table)
        yield* writeCodes(plan)
        yield* writeCustomerArea(plan)
        yield* writeSeasonMembership(plan)
        yield* writeEnrolmentSeason(plan)
        if (plan.journeyPresentations.length > 0) yield* writeJourneys(plan.journeyPresentations)
        yield* writeMiniSites(plan.journeyPresentations.length > 0)
        yield* writeComplexInfo
      }),
    )
    yield* sql`ANALYZE`
    return yield* countRows
  }).pipe(Effect.withSpan("seedDatabase"))

/** Seeds only a database that has no locations yet (the server's first start); `None` when it did nothing. */
export const seedIfEmpty = (options: SeedOptions) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ readonly empty: boolean }>`SELECT NOT EXISTS (SELECT 1 FROM locations) AS empty`
    if (rows[0]?.empty !== true) return Option.none<SeedSummary>()
    return Option.some(yield* seedDatabase(options))
  })
