import { CompactPlanError, decodeStatusBitmap, encodeStatusBitmap } from "../domain/seating/compactPlan.ts"
import { frameBody, unframeBody } from "./framedBody.ts"
import type { SeatStatus, SeatStatuses } from "./SeatsApi.ts"

/**
 * A presentation's seat statuses as one binary body (`GET /api/seats/seats-status-bitmap`), what the seat
 * screen polls once it has the hall: two bits per seat in seatplan order (the order of `GET
 * /api/seats/seatplan` and of the compact seatplan), so a 100,000-seat stadium costs 25 KB before compression
 * however many seats are sold, where the spec's seats-statusV2 lists every seat that is not plainly free.
 * Sections, held general-admission places, the hold deadline and the server time go as UTF-8 JSON first.
 *
 * Codes: 0 free, 1 taken by someone else, 2 free but a single-seat block, 3 held by the asking cart. Framed as
 * framedBody.ts says, magic "MQST".
 */

const MAGIC = [0x4d, 0x51, 0x53, 0x54] // "MQST"

export const STATUS_CODE = { free: 0, taken: 1, singleSeatBlock: 2, mine: 3 } as const

type Header = Omit<SeatStatuses, "seats"> & { readonly seatCount: number }

/** Where a seat is, as both the seatplan and the statuses name it. */
interface Place {
  readonly VenueSectionId: number
  readonly XCoordinate: number
  readonly YCoordinate: number
}

const codeOf = (status: SeatStatus): number =>
  status.isSelected
    ? STATUS_CODE.mine
    : !status.isAvailable
      ? STATUS_CODE.taken
      : status.isSingleSeatBlock
        ? STATUS_CODE.singleSeatBlock
        : STATUS_CODE.free

/** `statuses` must hold every seat of the seatplan, in its order (seats-status, the V1 answer, does). */
export const encodeStatusBody = (statuses: SeatStatuses): Uint8Array => {
  const { seats, ...rest } = statuses
  const header: Header = { ...rest, seatCount: seats.length }
  return frameBody(MAGIC, header, encodeStatusBitmap(Uint8Array.from(seats, codeOf)))
}

/**
 * The statuses as seats-statusV2 gives them (only the seats that are not plainly free), placed by `seats`: the
 * seatplan the body was made for. A body for another seat count throws `CompactPlanError`.
 */
export const decodeStatusBody = (body: Uint8Array, seats: ReadonlyArray<Place>): SeatStatuses => {
  const framed = unframeBody(MAGIC, body, "status bitmap")
  const header = framed.header as Header
  if (header.seatCount !== seats.length)
    throw new CompactPlanError(`statuses for ${header.seatCount} seats, but the seatplan has ${seats.length}`)
  const codes = decodeStatusBitmap(framed.payload, seats.length)
  const listed: Array<SeatStatus> = []
  codes.forEach((code, i) => {
    const seat = seats[i]
    if (code === STATUS_CODE.free || seat === undefined) return
    listed.push({
      VenueSectionId: seat.VenueSectionId,
      XCoordinate: seat.XCoordinate,
      YCoordinate: seat.YCoordinate,
      isAvailable: code === STATUS_CODE.singleSeatBlock,
      isSelected: code === STATUS_CODE.mine,
      isSingleSeatBlock: code === STATUS_CODE.singleSeatBlock,
    })
  })
  const { seatCount: _count, ...rest } = header
  return { ...rest, seats: listed }
}
