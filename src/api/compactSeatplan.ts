import { decodeCompactPlan, encodeCompactPlan } from "../domain/seating/compactPlan.ts"
import { frameBody, unframeBody } from "./framedBody.ts"
import type { Seatplan } from "./SeatsApi.ts"

/**
 * A seatplan as one binary body (`GET /api/seats/seatplan-compact`, `application/vnd.marquee.seatplan`): what
 * the seat screen loads instead of the JSON seatplan. The hall's size, focal point, sections, groups and rows go
 * as the JSON header (a few hundred bytes for any hall); the seats, which are nearly all of a large hall, in the
 * domain's columnar encoding (compactPlan.ts: quantized, delta and dictionary coded, so compression folds rows
 * away). A 10,000-seat hall's seats are under 1 KB gzipped this way against about 100 KB as JSON
 * (`npm run bench -- seatmap`).
 *
 * Framed as framedBody.ts says, magic "MQSP". Positions come back to 1/100 of a seat width, finer than the map
 * draws.
 */

const MAGIC = [0x4d, 0x51, 0x53, 0x50] // "MQSP"

export const encodeSeatplanBody = (plan: Seatplan): Uint8Array => {
  const { seats, ...hall } = plan.seatplan
  return frameBody(MAGIC, hall, encodeCompactPlan(seats))
}

/** The seatplan again; a body that is not one throws `CompactPlanError`. */
export const decodeSeatplanBody = (body: Uint8Array): Seatplan => {
  const { header, payload } = unframeBody(MAGIC, body, "compact seatplan")
  const hall = header as Omit<Seatplan["seatplan"], "seats">
  return { seatplan: { ...hall, seats: decodeCompactPlan(payload) } }
}
