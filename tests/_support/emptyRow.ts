import type { SeatRef } from "../../src/api/SeatsApi.ts"
import type { RunningServer } from "./testServer.ts"

export interface Row {
  readonly presentationId: number
  readonly sectionId: number
  readonly rowIndex: number
  readonly seatIndexes: ReadonlyArray<number>
}

/**
 * A future, on-sale presentation and one of its rows of 12 or more plain seats in which nothing is sold or
 * held, outside the presentations in `skip`; `seatingPolicyId` narrows it to halls under that policy.
 */
export const emptyRow = async (
  server: RunningServer,
  options: { readonly skip?: ReadonlyArray<number>; readonly seatingPolicyId?: number } = {},
): Promise<Row> => {
  const rows = await server.query<{
    presentationId: number
    sectionId: number
    rowIndex: number
    idx: string
  }>(
    `SELECT p.id AS "presentationId", s.section_id AS "sectionId", s.row_index AS "rowIndex",
       string_agg(s.seat_index::text, ',' ORDER BY s.seat_index) AS idx
     FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN seats s ON s.seatplan_id = v.seatplan_id
     WHERE p.is_on_sale AND p.starts_at > marquee_now() + interval '1 day' AND v.venue_type_id < 100
       AND NOT (p.id = ANY ($1::integer[])) AND ($2::integer IS NULL OR v.seating_policy_id = $2)
     GROUP BY 1, 2, 3
     HAVING count(*) >= 12 AND bool_and(s.seat_group_id IS NULL AND NOT s.is_premium AND NOT s.is_wheelchair
       AND NOT s.is_companion)
       AND NOT bool_or(EXISTS (SELECT 1 FROM seat_allocations a WHERE a.presentation_id = p.id AND a.seat_id = s.id))
     ORDER BY 1, 2, 3 LIMIT 1`,
    [`{${(options.skip ?? []).join(",")}}`, options.seatingPolicyId ?? null],
  )
  const row = rows[0]
  if (row === undefined) throw new Error("no empty row in the seeded data")
  return { ...row, seatIndexes: row.idx.split(",").map(Number) }
}

/** The row's `i`-th seat as a lock request names it. */
export const seatOf = (row: Row, i: number): SeatRef => ({
  PresentationId: row.presentationId,
  VenueSectionId: row.sectionId,
  XCoordinate: row.seatIndexes[i] as number,
  YCoordinate: row.rowIndex,
})
