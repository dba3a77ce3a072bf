import type { RunningServer } from "../../_support/testServer.ts"

/**
 * The attendance numbers computed in the test, independently of src/server/staff and src/domain/live: from the
 * raw rows (presentations, venues, sections, allocations), the business date by Intl in Asia/Jerusalem, the
 * shares by Math.round of the plain fraction. What the server answers must equal these.
 */

export interface RawPresentation {
  readonly id: number
  readonly businessId: number
  readonly venueId: number
  readonly featureId: number
  readonly locationId: number
  readonly date: string
  readonly capacity: number
  readonly sold: number
  readonly held: number
}

const jerusalemDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Jerusalem",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
})

/** Every presentation starting between the two instants, with its raw numbers; no filter of the spec applied. */
export const rawPresentations = async (
  server: RunningServer,
  fromIso: string,
  toIso: string,
): Promise<ReadonlyArray<RawPresentation>> => {
  const presentations = await server.query<{
    id: number
    business_id: number
    venue_id: number
    feature_id: number
    location_id: number
    seatplan_id: number | null
    ms: number
  }>(
    `SELECT p.id, p.business_id, p.venue_id, p.feature_id, v.location_id, v.seatplan_id,
       (extract(epoch FROM p.starts_at) * 1000)::float8 AS ms
     FROM presentations p JOIN venues v ON v.id = p.venue_id
     WHERE p.starts_at >= $1::timestamptz AND p.starts_at < $2::timestamptz`,
    [fromIso, toIso],
  )
  const sections = await server.query<{ seatplan_id: number; capacity: number }>(
    `SELECT seatplan_id, capacity FROM venue_sections`,
  )
  const allocations = await server.query<{ presentation_id: number; kind: string; live: boolean }>(
    `SELECT a.presentation_id, a.kind, coalesce(a.expires_at > marquee_now(), false) AS live
     FROM seat_allocations a JOIN presentations p ON p.id = a.presentation_id
     WHERE p.starts_at >= $1::timestamptz AND p.starts_at < $2::timestamptz`,
    [fromIso, toIso],
  )
  const capacity = new Map<number, number>()
  for (const s of sections)
    capacity.set(s.seatplan_id, (capacity.get(s.seatplan_id) ?? 0) + Number(s.capacity))
  const sold = new Map<number, number>()
  const held = new Map<number, number>()
  for (const a of allocations) {
    if (a.kind === "sale") sold.set(a.presentation_id, (sold.get(a.presentation_id) ?? 0) + 1)
    else if (a.live) held.set(a.presentation_id, (held.get(a.presentation_id) ?? 0) + 1)
  }
  return presentations.map((p) => ({
    id: p.id,
    businessId: p.business_id,
    venueId: p.venue_id,
    featureId: p.feature_id,
    locationId: p.location_id,
    date: jerusalemDate.format(new Date(Number(p.ms))),
    capacity: p.seatplan_id === null ? 0 : (capacity.get(p.seatplan_id) ?? 0),
    sold: sold.get(p.id) ?? 0,
    held: held.get(p.id) ?? 0,
  }))
}

/** Spec §9's filters: the scope's businesses, never location 1, and only presentations that have seats. */
export const inScope = (rows: ReadonlyArray<RawPresentation>, businessIds: ReadonlyArray<number>) =>
  rows.filter((p) => businessIds.includes(p.businessId) && p.locationId !== 1 && p.capacity > 0)

export interface Expected {
  readonly SoldQuantity: number
  readonly HeldQuantity: number
  readonly Capacity: number
  readonly SoldPercent: number
  readonly HeldPercent: number
  readonly SeatTakenRatio: number
}

export const expectedOf = (rows: ReadonlyArray<RawPresentation>): Expected => {
  const sold = rows.reduce((n, p) => n + p.sold, 0)
  const held = rows.reduce((n, p) => n + p.held, 0)
  const capacity = rows.reduce((n, p) => n + p.capacity, 0)
  return {
    SoldQuantity: sold,
    HeldQuantity: held,
    Capacity: capacity,
    SoldPercent: capacity === 0 ? 0 : Math.round((100 * sold) / capacity),
    HeldPercent: capacity === 0 ? 0 : Math.round((100 * held) / capacity),
    SeatTakenRatio: capacity === 0 ? 0 : Math.round((1000 * (sold + held)) / capacity) / 1000,
  }
}

/** rows grouped by a key, each group's expected numbers */
export const expectedBy = (
  rows: ReadonlyArray<RawPresentation>,
  key: (p: RawPresentation) => number | string,
): ReadonlyMap<number | string, Expected> => {
  const groups = new Map<number | string, Array<RawPresentation>>()
  for (const p of rows) groups.set(key(p), [...(groups.get(key(p)) ?? []), p])
  return new Map([...groups].map(([k, group]) => [k, expectedOf(group)]))
}

/** the numbers of an answer row, under the expected names (the location rows say Sold and Held) */
export const numbersOf = (row: Record<string, unknown>): Expected => ({
  SoldQuantity: Number(row.SoldQuantity ?? row.Sold),
  HeldQuantity: Number(row.HeldQuantity ?? row.Held),
  Capacity: Number(row.Capacity),
  SoldPercent: Number(row.SoldPercent),
  HeldPercent: Number(row.HeldPercent),
  SeatTakenRatio: Number(row.SeatTakenRatio),
})
