import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { WaiverChild } from "../../domain/waiver/waiver.ts"
import { toChainIso } from "../time.ts"

/** The child waiver's SQL (issue 19): which showings ask for one, storing it, and reading it back for its owner. */

export interface WaiverShowingFacts {
  readonly id: number
  readonly required: boolean
  /** the showing's day in Asia/Jerusalem, YYYY-MM-DD */
  readonly date: string
}

const intArray = (values: ReadonlyArray<number>) => `{${values.map((v) => Math.trunc(v)).join(",")}}`

export const waiverShowings = Effect.fn("Waiver.showings")(function* (ids: ReadonlyArray<number>) {
  const sql = yield* SqlClient.SqlClient
  return yield* sql.unsafe<WaiverShowingFacts>(
    `SELECT p.id, (p.requires_waiver OR f.requires_waiver) AS required,
       to_char(p.starts_at AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM-DD') AS date
     FROM presentations p JOIN features f ON f.id = p.feature_id WHERE p.id = ANY ($1::integer[])`,
    [intArray(ids)],
  )
}, Effect.orDie)

/** Each ticket's price policy, from the database: the request's `pricePolicyId` is never trusted. */
export const ticketPolicies = Effect.fn("Waiver.ticketPolicies")(function* (ids: ReadonlyArray<number>) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql.unsafe<{ id: number; policy: number }>(
    `SELECT id, price_policy_id AS policy FROM tickets WHERE id = ANY ($1::integer[])`,
    [intArray(ids)],
  )
  return new Map(rows.map((r) => [r.id, r.policy]))
}, Effect.orDie)

export const presentationRequiresWaiver = Effect.fn("Waiver.required")(function* (id: number) {
  const rows = yield* waiverShowings([id])
  return rows[0]?.required ?? false
})

export interface WaiverToStore {
  readonly signerName: string
  readonly children: ReadonlyArray<WaiverChild>
  /** base64 of a PNG checked by `isSignaturePng` */
  readonly signaturePng: string
}

/** In the commit's transaction: the waiver belongs to the reservation just inserted, signed at the server's now. */
export const storeWaiver = Effect.fn("Waiver.store")(function* (
  reservationId: number,
  waiver: WaiverToStore,
) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    INSERT INTO reservation_waivers (reservation_id, signer_name, children, signature_png, signed_at)
    VALUES (${reservationId}, ${waiver.signerName}, ${JSON.stringify(waiver.children)}::jsonb,
      decode(${waiver.signaturePng}, 'base64'), marquee_now())`
})

/** The waiver of a reservation of this customer; none for anyone else's (the query names the customer). */
export const ownWaiver = Effect.fn("Waiver.own")(function* (customerId: number, identifier: string) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{
    identifier: string
    signerName: string
    children: ReadonlyArray<WaiverChild> | string
    signedAtMs: number
    png: string
  }>`
    SELECT r.identifier, w.signer_name AS "signerName", w.children,
      (extract(epoch FROM w.signed_at) * 1000)::float8 AS "signedAtMs",
      translate(encode(w.signature_png, 'base64'), E'\\n', '') AS png
    FROM reservation_waivers w JOIN reservations r ON r.id = w.reservation_id
    WHERE r.identifier = ${identifier} AND r.customer_id = ${customerId}`.pipe(Effect.orDie)
  const row = rows[0]
  if (row === undefined) return Option.none()
  const children = typeof row.children === "string" ? JSON.parse(row.children) : row.children
  return Option.some({
    reservationIdentifier: row.identifier,
    signerName: row.signerName,
    children: children as ReadonlyArray<WaiverChild>,
    signedAt: toChainIso(row.signedAtMs),
    signaturePng: row.png,
  })
})
