import type { RunningServer } from "../../_support/testServer.ts"

/**
 * What the seed lacks: presentations at location 1 (head office) with sales, to prove they are left out, and
 * live and lapsed cart holds on presentations of both businesses today.
 */
export const arrangeAttendance = async (server: RunningServer) => {
  const [plan] = await server.query<{ seatplan_id: number; feature_id: number }>(
    `SELECT v.seatplan_id, p.feature_id FROM presentations p JOIN venues v ON v.id = p.venue_id
     WHERE v.seatplan_id IS NOT NULL AND p.business_id = 1 ORDER BY p.id LIMIT 1`,
  )
  await server.query(
    `INSERT INTO venues (id, location_id, name, venue_type_id, seatplan_id)
     VALUES (99001, 1, '{"he":"אולם הנהלה","en":"Office hall"}', 1, $1)`,
    [plan?.seatplan_id],
  )
  for (const [id, business] of [
    [990001, 1],
    [990002, 2],
  ] as const) {
    await server.query(
      `INSERT INTO presentations (id, feature_id, venue_id, starts_at, business_id)
       VALUES ($1, $2, 99001, '2026-11-24T15:00:00Z', $3)`,
      [id, plan?.feature_id, business],
    )
    await allocate(server, id, 5, "sale")
  }
  for (const business of [1, 2]) {
    const [presentation] = await server.query<{ id: number }>(
      `SELECT p.id FROM presentations p JOIN venues v ON v.id = p.venue_id
       WHERE p.business_id = $1 AND v.location_id <> 1 AND v.seatplan_id IS NOT NULL
         AND p.starts_at >= '2026-11-24T10:00:00Z' AND p.starts_at < '2026-11-24T21:00:00Z'
       ORDER BY p.id LIMIT 1`,
      [business],
    )
    await allocate(server, presentation!.id, 3, "live hold")
    await allocate(server, presentation!.id, 2, "lapsed hold")
  }
}

export const allocate = async (
  server: RunningServer,
  presentationId: number,
  count: number,
  kind: "sale" | "live hold" | "lapsed hold",
) => {
  const seats = await server.query<{ id: number; section_id: number }>(
    `SELECT s.id, s.section_id FROM seats s
     JOIN venues v ON v.seatplan_id = s.seatplan_id JOIN presentations p ON p.venue_id = v.id
     WHERE p.id = $1 AND NOT EXISTS (
       SELECT 1 FROM seat_allocations a WHERE a.presentation_id = p.id AND a.seat_id = s.id)
     ORDER BY s.id LIMIT $2`,
    [presentationId, count],
  )
  for (const seat of seats)
    await server.query(
      `INSERT INTO seat_allocations (presentation_id, section_id, seat_id, kind, expires_at, created_at)
       VALUES ($1, $2, $3, $4,
         CASE $5 WHEN 'live hold' THEN marquee_now() + interval '10 minutes'
           WHEN 'lapsed hold' THEN marquee_now() - interval '1 minute' END, marquee_now())`,
      [presentationId, seat.section_id, seat.id, kind === "sale" ? "sale" : "hold", kind],
    )
}
