import { describe, expect, it } from "vitest"
import type { SeatStatus, SeatStatuses } from "../../src/api/SeatsApi.ts"
import { decodeStatusBody, encodeStatusBody } from "../../src/api/statusBitmap.ts"
import { CompactPlanError } from "../../src/domain/seating/compactPlan.ts"

const status = (x: number, flags: Partial<SeatStatus> = {}): SeatStatus => ({
  VenueSectionId: 3,
  XCoordinate: x,
  YCoordinate: 1,
  isAvailable: true,
  isSelected: false,
  isSingleSeatBlock: false,
  ...flags,
})

// every seat, as seats-status (V1) answers: free, mine, taken, a single-seat block, free
const everySeat: SeatStatuses = {
  presentationId: 9,
  seats: [
    status(1),
    status(2, { isAvailable: false, isSelected: true }),
    status(3, { isAvailable: false }),
    status(4, { isSingleSeatBlock: true }),
    status(5),
  ],
  sections: [{ id: 3, isReserved: true, capacity: 5, available: 3, isSoldOut: false }],
  heldPlaces: [],
  holdExpiresAt: "2026-11-23T18:00:00.000Z",
  serverTime: "2026-11-23T17:50:00.000Z",
}
const places = everySeat.seats.map(({ VenueSectionId, XCoordinate, YCoordinate }) => ({
  VenueSectionId,
  XCoordinate,
  YCoordinate,
}))

describe("the status bitmap body", () => {
  it("reads back as seats-statusV2 would answer: only the seats that are not plainly free", () => {
    const decoded = decodeStatusBody(encodeStatusBody(everySeat), places)
    expect(decoded).toEqual({ ...everySeat, seats: everySeat.seats.slice(1, 4) })
  })

  it("costs two bits a seat after its header", () => {
    const body = encodeStatusBody(everySeat)
    const header = new DataView(body.buffer).getUint32(4, true)
    expect(body.length - 8 - header).toBe(Math.ceil(5 / 4))
  })

  it("refuses another hall's statuses and what is not a body", () => {
    const body = encodeStatusBody(everySeat)
    expect(() => decodeStatusBody(body, places.slice(1))).toThrow(CompactPlanError)
    expect(() => decodeStatusBody(new Uint8Array([1, 2, 3]), places)).toThrow(CompactPlanError)
    expect(() => decodeStatusBody(body.subarray(0, 10), places)).toThrow(CompactPlanError)
  })
})
