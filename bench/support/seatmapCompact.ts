/**
 * The compact seatplan encoding's sizes for `bench/seatmap.ts`, in Node: the geometry of each synthetic hall
 * (src/domain/seating/compactPlan.ts) gzipped, against the same seats as the JSON the seatplan call sends
 * today, and the statuses as the two-bit bitmap, raw and gzipped.
 */
import { gzipSync } from "node:zlib"
import {
  type CompactSeat,
  decodeCompactPlan,
  encodeCompactPlan,
  encodeStatusBitmap,
} from "../../src/domain/seating/compactPlan.ts"
import { generateHall } from "./seatmapHall.ts"

export const compactSizes = (sizes: ReadonlyArray<number>): Record<string, number> => {
  const out: Record<string, number> = {}
  for (const size of sizes) {
    const hall = generateHall(size)
    const seats: Array<CompactSeat> = hall.seats.map((seat) => ({
      VenueSectionId: seat.VenueSectionId,
      VenueSectionSeatGroupId: null,
      TicketGroupId: seat.isPremium ? 2 : null,
      XCoordinate: seat.XCoordinate,
      YCoordinate: seat.YCoordinate,
      RowName: seat.rowName,
      SeatName: seat.seatName,
      // what the database holds: positions to two decimals
      PositionX: Math.round(seat.PositionX * 100) / 100,
      PositionY: Math.round(seat.PositionY * 100) / 100,
      isPremium: seat.isPremium,
      isHandicap: seat.isHandicap,
      isCompanion: false,
      isLimitedView: false,
    }))
    const encoded = encodeCompactPlan(seats)
    if (decodeCompactPlan(encoded).length !== seats.length) throw new Error("compact plan did not round-trip")
    out[`compact_geometry_bytes_${size}`] = encoded.length
    out[`compact_geometry_gzip_bytes_${size}`] = gzipSync(encoded).length
    out[`json_geometry_gzip_bytes_${size}`] = gzipSync(JSON.stringify(seats)).length
    const bitmap = encodeStatusBitmap(hall.statuses)
    out[`status_bitmap_bytes_${size}`] = bitmap.length
    out[`status_bitmap_gzip_bytes_${size}`] = gzipSync(bitmap).length
  }
  return out
}
