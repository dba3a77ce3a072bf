import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** Column name → PostgreSQL type, in insert order. */
export type Columns = ReadonlyArray<readonly [name: string, type: string]>

/**
 * Inserts rows as one JSON parameter expanded by `jsonb_to_recordset`: a single round trip per chunk,
 * no 65,535-parameter limit, and the same SQL on PostgreSQL and PGlite. Table and column names are
 * the seed's own constants, never input.
 */
export const insertRows = (table: string, columns: Columns, rows: ReadonlyArray<object>, chunkSize = 5000) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const names = columns.map(([name]) => name).join(", ")
    const shape = columns.map(([name, type]) => `${name} ${type}`).join(", ")
    const statement = `INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS t(${shape})`
    for (let start = 0; start < rows.length; start += chunkSize) {
      const chunk = rows.slice(start, start + chunkSize).map((row) => {
        const picked: Record<string, unknown> = {}
        for (const [name] of columns) picked[name] = (row as Record<string, unknown>)[name] ?? null
        return picked
      })
      yield* sql.unsafe(statement, [JSON.stringify(chunk)])
    }
  })

/** Moves an identity column's sequence past the explicit ids the seed inserted. */
export const bumpIdentity = (table: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql.unsafe(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE((SELECT max(id) FROM ${table}), 0) + 1, false)`,
    )
  })

const text = "text"
const int = "integer"
const bool = "boolean"
const json = "jsonb"
const dbl = "double precision"
const date = "date"
const tstz = "timestamptz"

// biome-ignore format: one table per block reads better than one column per line
export const COLUMNS = {
  locations: [
    ["id", int], ["name", json], ["city", json], ["address", json], ["is_head_office", bool], ["is_online", bool],
    ["card_provider", text], ["latitude", dbl], ["longitude", dbl], ["brand", text],
  ],
  feature_categories: [["id", int], ["name", json]],
  features: [
    ["id", int], ["name", json], ["synopsis", json], ["category_id", int], ["language", text], ["dubbing", text],
    ["subtitles", text], ["duration_minutes", int], ["release_date", date], ["age_rating", text], ["is_3d", bool],
    ["image_key", text],
  ],
  images: [["key", text], ["content_type", text], ["body", text]],
  seatplans: [["id", int], ["name", text], ["screen_x", dbl], ["screen_y", dbl], ["width", dbl], ["height", dbl]],
  venues: [
    ["id", int], ["location_id", int], ["name", json], ["venue_type_id", int], ["seatplan_id", int],
    ["seating_policy_id", int], ["view_area_filename", text],
  ],
  venue_sections: [
    ["id", int], ["seatplan_id", int], ["name", json], ["is_reserved", bool], ["capacity", int], ["sort_order", int],
  ],
  seat_groups: [["id", int], ["seatplan_id", int], ["section_id", int], ["kind", text], ["seat_count", int]],
  seats: [
    ["id", int], ["seatplan_id", int], ["section_id", int], ["seat_group_id", int], ["row_name", text],
    ["seat_name", text], ["x", dbl], ["y", dbl], ["row_index", int], ["seat_index", int], ["is_premium", bool],
    ["is_wheelchair", bool], ["is_companion", bool], ["is_limited_view", bool], ["default_ticket_group_id", int],
  ],
  presentations: [
    ["id", int], ["feature_id", int], ["venue_id", int], ["starts_at", tstz], ["auth_profile_id", int],
    ["business_id", int], ["is_on_sale", bool], ["is_3d", bool], ["new_booking_url", text],
  ],
  ticket_groups: [["id", int], ["name", json], ["code", text], ["sort_order", int]],
  tickets: [
    ["id", int], ["ticket_group_id", int], ["price_policy_id", int], ["name", json], ["price_agorot", int],
    ["service_charge_agorot", int], ["multiply_factor", int], ["is_member_only", bool], ["requires_reference", bool],
    ["is_senior", bool], ["includes_3d_glasses", bool], ["min_per_order", int], ["max_per_order", int],
    ["requires_ticket_id", int], ["is_active", bool], ["sort_order", int],
  ],
  venue_ticket_groups: [["venue_id", int], ["section_id", int], ["ticket_group_id", int], ["sort_order", int]],
  presentation_ticket_groups: [
    ["presentation_id", int], ["section_id", int], ["ticket_group_id", int], ["sort_order", int],
  ],
  service_charges: [
    ["id", int], ["name", json], ["kind", text], ["amount_agorot", int], ["percent_bp", int], ["applies_per", text],
    ["location_id", int], ["is_refundable", bool],
  ],
  products: [
    ["id", int], ["name", json], ["category", text], ["price_agorot", int], ["is_delivery_required", bool],
    ["is_3d_glasses", bool], ["image_key", text], ["is_active", bool], ["sort_order", int],
  ],
  system_voucher_superclasses: [["id", int], ["name", json], ["sort_order", int]],
  system_voucher_classes: [
    ["id", int], ["superclass_id", int], ["name", json], ["terms", json], ["is_open_price", bool],
    ["min_price_agorot", int], ["max_price_agorot", int], ["ticket_quantity", int], ["validity_days", int],
    ["is_sold_online", bool],
  ],
  system_voucher_prices: [["id", int], ["system_voucher_class_id", int], ["name", json], ["price_agorot", int]],
  memberships: [
    ["id", int], ["code", text], ["name", json], ["class_name", json], ["membership_type_id", int],
    ["ticket_quantity", int], ["terms", json], ["validity_days", int], ["is_sold_online", bool],
  ],
  membership_prices: [
    ["id", int], ["membership_id", int], ["price_code", text], ["name", json], ["price_agorot", int], ["currency", text],
  ],
  donations: [["id", int], ["code", text], ["name", json], ["description", json]],
  donation_details: [
    ["id", int], ["donation_id", int], ["amount_agorot", int], ["allows_custom_amount", bool],
    ["min_custom_agorot", int], ["sort_order", int],
  ],
  points_of_sale: [["id", int], ["location_id", int], ["name", json], ["channel", text]],
  customers: [
    ["id", int], ["first_name", text], ["last_name", text], ["ssn_hash", text], ["ssn_sealed", text], ["email", text],
    ["mobile", text],
    ["phone", text], ["address1", text], ["address2", text], ["city", text], ["postal_code", text],
    ["date_of_birth", date], ["license_plate", text], ["location_id", int], ["is_sms_allowed", bool],
    ["is_email_allowed", bool], ["is_mailing_allowed", bool], ["created_at", tstz],
  ],
  members: [
    ["id", int], ["customer_id", int], ["membership_id", int], ["member_number", text], ["balance", int],
    ["used_balance", int], ["points_balance", int], ["start_date", date], ["end_date", date],
    ["allow_member_sale_tickets", bool],
  ],
  staff_users: [
    ["id", int], ["username", text], ["first_name", text], ["last_name", text], ["business_ids", "integer[]"],
    ["password_hash", text], ["is_active", bool], ["is_broker", bool],
  ],
} satisfies Record<string, Columns>

/**
 * Runs a bulk load with the foreign keys of `tables` dropped and then re-creates them. Checking a
 * million rows one trigger call at a time costs several times the load itself; re-adding the
 * constraint validates every row in one set-based pass. Needs table ownership, as migrations do.
 */
export const withForeignKeysDeferred = <A, E, R>(
  tables: ReadonlyArray<string>,
  load: Effect.Effect<A, E, R>,
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const keys = yield* sql<{
      readonly table_name: string
      readonly name: string
      readonly definition: string
    }>`
      SELECT c.conrelid::regclass::text AS table_name, c.conname AS name,
        pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c
      WHERE c.contype = 'f' AND c.conrelid::regclass::text IN ${sql.in(tables)}
      ORDER BY c.conrelid::regclass::text, c.conname`
    for (const key of keys) yield* sql.unsafe(`ALTER TABLE ${key.table_name} DROP CONSTRAINT ${key.name}`)
    const result = yield* load
    for (const key of keys) {
      yield* sql.unsafe(`ALTER TABLE ${key.table_name} ADD CONSTRAINT ${key.name} ${key.definition}`)
    }
    return result
  })
