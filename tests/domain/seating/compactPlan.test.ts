import { gzipSync } from "node:zlib"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  CompactPlanError,
  type CompactSeat,
  decodeCompactPlan,
  decodeStatusBitmap,
  encodeCompactPlan,
  encodeStatusBitmap,
  POSITION_QUANTUM,
} from "../../../src/domain/seating/compactPlan.ts"

const id = fc.integer({ min: 1, max: 2 ** 31 - 1 })
const seatArbitrary: fc.Arbitrary<CompactSeat> = fc.record({
  VenueSectionId: id,
  VenueSectionSeatGroupId: fc.option(id, { nil: null }),
  TicketGroupId: fc.option(id, { nil: null }),
  XCoordinate: fc.integer({ min: 0, max: 5000 }),
  YCoordinate: fc.integer({ min: 0, max: 5000 }),
  RowName: fc.string({ maxLength: 6, unit: "grapheme" }),
  SeatName: fc.string({ maxLength: 6, unit: "grapheme" }),
  PositionX: fc.double({ min: -5000, max: 5000, noNaN: true }),
  PositionY: fc.double({ min: -5000, max: 5000, noNaN: true }),
  isPremium: fc.boolean(),
  isHandicap: fc.boolean(),
  isCompanion: fc.boolean(),
  isLimitedView: fc.boolean(),
})

/** A plain hall: `rows` rows of `perRow` seats, Hebrew row names, positions to two decimals as the database has. */
const hall = (rows: number, perRow: number): Array<CompactSeat> =>
  Array.from({ length: rows * perRow }, (_, i) => {
    const row = Math.floor(i / perRow)
    const seat = i % perRow
    return {
      VenueSectionId: 1 + Math.floor(row / 20),
      VenueSectionSeatGroupId: null,
      TicketGroupId: row < 2 ? 7 : null,
      XCoordinate: seat,
      YCoordinate: row,
      RowName: `שורה ${row + 1}`,
      SeatName: String(seat + 1),
      PositionX: seat + (seat >= perRow / 2 ? 2 : 0),
      PositionY: Math.round((row * 1.3 + ((seat - perRow / 2) / perRow) ** 2) * 100) / 100,
      isPremium: row === 5,
      isHandicap: row === rows - 1 && seat === 0,
      isCompanion: row === rows - 1 && seat === 1,
      isLimitedView: seat === perRow - 1,
    }
  })

describe("compact seatplan", () => {
  it("round-trips every field; positions to half a quantum", () => {
    fc.assert(
      fc.property(fc.array(seatArbitrary, { maxLength: 60 }), (seats) => {
        const decoded = decodeCompactPlan(encodeCompactPlan(seats))
        expect(decoded).toHaveLength(seats.length)
        decoded.forEach((seat, i) => {
          const original = seats[i] as CompactSeat
          expect({ ...seat, PositionX: 0, PositionY: 0 }).toEqual({ ...original, PositionX: 0, PositionY: 0 })
          expect(Math.abs(seat.PositionX - original.PositionX)).toBeLessThanOrEqual(
            0.5 / POSITION_QUANTUM + 1e-9,
          )
          expect(Math.abs(seat.PositionY - original.PositionY)).toBeLessThanOrEqual(
            0.5 / POSITION_QUANTUM + 1e-9,
          )
        })
      }),
    )
  })

  it("keeps positions given to two decimals exactly", () => {
    const seats = hall(30, 24)
    expect(decodeCompactPlan(encodeCompactPlan(seats))).toEqual(seats)
  })

  it("is far smaller than the JSON seat list once gzipped", () => {
    const seats = hall(400, 25)
    const compact = gzipSync(encodeCompactPlan(seats)).length
    const json = gzipSync(JSON.stringify(seats)).length
    expect(compact).toBeLessThan(35_000)
    expect(compact * 10).toBeLessThan(json)
  })

  it("refuses what it did not write", () => {
    const bytes = encodeCompactPlan(hall(2, 3))
    expect(() => decodeCompactPlan(new Uint8Array([1, 2, 3, 4, 5]))).toThrow(CompactPlanError)
    expect(() => decodeCompactPlan(bytes.subarray(0, bytes.length - 1))).toThrow(CompactPlanError)
    expect(() => decodeCompactPlan(new Uint8Array([...bytes, 0]))).toThrow(CompactPlanError)
    // one seat, one string of two bytes that are not UTF-8
    expect(() => decodeCompactPlan(new Uint8Array([0x4d, 0x51, 0x53, 0x31, 1, 1, 2, 0xff, 0xfe]))).toThrow(
      CompactPlanError,
    )
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (junk) => {
        try {
          decodeCompactPlan(new Uint8Array([0x4d, 0x51, 0x53, 0x31, ...junk]))
        } catch (error) {
          expect(error).toBeInstanceOf(CompactPlanError)
        }
      }),
    )
  })
})

describe("status bitmap", () => {
  it("round-trips two-bit codes in a quarter of a byte each", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 500 }), (codes) => {
        const bitmap = encodeStatusBitmap(Uint8Array.from(codes))
        expect(bitmap.length).toBe(Math.ceil(codes.length / 4))
        expect([...decodeStatusBitmap(bitmap, codes.length)]).toEqual(codes)
      }),
    )
  })

  it("refuses codes over two bits and a bitmap of the wrong length", () => {
    expect(() => encodeStatusBitmap(Uint8Array.from([0, 4]))).toThrow(CompactPlanError)
    expect(() => decodeStatusBitmap(new Uint8Array(2), 9)).toThrow(CompactPlanError)
  })
})
