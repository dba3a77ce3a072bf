/**
 * A compact binary encoding of a seatplan's seats for large halls, and of their statuses as a dense bitmap.
 *
 * Geometry is columnar: every field is its own stream of zigzag varints, most of them deltas from the previous
 * seat, so a row of evenly spaced seats becomes a run of identical bytes that gzip folds away. Positions are
 * quantized to 1/100 of a seat width (the map never needs finer), row and seat names go through a string
 * dictionary, the four seat kinds and the presence of the two optional ids are one flag byte.
 * At 10,000 seats this is a few KB gzipped where the JSON seat list is several hundred.
 *
 * Layout (all integers unsigned LEB128 varints unless said otherwise):
 *   "MQS1" · seat count · string count · strings (byte length + UTF-8) ·
 *   column VenueSectionId Δ · XCoordinate Δ · YCoordinate Δ · PositionX Δ · PositionY Δ (zigzag) ·
 *   flags (one byte per seat) · VenueSectionSeatGroupId Δ · TicketGroupId Δ (only where the flag says) ·
 *   RowName index Δ · SeatName index Δ (zigzag).
 * Pure: no I/O, no clock.
 */

export interface CompactSeat {
  readonly VenueSectionId: number
  readonly VenueSectionSeatGroupId: number | null
  readonly TicketGroupId: number | null
  readonly XCoordinate: number
  readonly YCoordinate: number
  readonly RowName: string
  readonly SeatName: string
  readonly PositionX: number
  readonly PositionY: number
  readonly isPremium: boolean
  readonly isHandicap: boolean
  readonly isCompanion: boolean
  readonly isLimitedView: boolean
}

/** Positions are kept to this fraction of a seat width. */
export const POSITION_QUANTUM = 100

const MAGIC = [0x4d, 0x51, 0x53, 0x31] // "MQS1"

export class CompactPlanError extends Error {
  readonly _tag = "CompactPlanError"
}

const FLAG = { premium: 1, handicap: 2, companion: 4, limitedView: 8, group: 16, ticketGroup: 32 } as const

class Writer {
  private bytes = new Uint8Array(1024)
  length = 0
  private room(extra: number) {
    if (this.length + extra <= this.bytes.length) return
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra))
    next.set(this.bytes.subarray(0, this.length))
    this.bytes = next
  }
  byte(value: number) {
    this.room(1)
    this.bytes[this.length++] = value
  }
  raw(values: Uint8Array) {
    this.room(values.length)
    this.bytes.set(values, this.length)
    this.length += values.length
  }
  /** unsigned LEB128; safe for integers up to 2^53 */
  varint(value: number) {
    if (!Number.isSafeInteger(value) || value < 0) throw new CompactPlanError(`not a varint: ${value}`)
    let rest = value
    while (rest >= 0x80) {
      this.byte((rest % 0x80) | 0x80)
      rest = Math.floor(rest / 0x80)
    }
    this.byte(rest)
  }
  signed(value: number) {
    this.varint(value < 0 ? -2 * value - 1 : 2 * value)
  }
  done(): Uint8Array {
    return this.bytes.slice(0, this.length)
  }
}

class Reader {
  offset = 0
  private readonly bytes: Uint8Array
  constructor(bytes: Uint8Array) {
    this.bytes = bytes
  }
  byte(): number {
    const value = this.bytes[this.offset++]
    if (value === undefined) throw new CompactPlanError("the compact seatplan ends too early")
    return value
  }
  varint(): number {
    let value = 0
    let scale = 1
    for (;;) {
      const byte = this.byte()
      value += (byte & 0x7f) * scale
      if (byte < 0x80) return value
      scale *= 0x80
      if (scale > 2 ** 56) throw new CompactPlanError("a varint in the compact seatplan is too long")
    }
  }
  signed(): number {
    const value = this.varint()
    return value % 2 === 1 ? -(value + 1) / 2 : value / 2
  }
  raw(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length)
      throw new CompactPlanError("the compact seatplan ends too early")
    const out = this.bytes.subarray(this.offset, this.offset + length)
    this.offset += length
    return out
  }
  get atEnd(): boolean {
    return this.offset === this.bytes.length
  }
}

const quantize = (value: number): number => {
  const q = Math.round(value * POSITION_QUANTUM)
  if (!Number.isSafeInteger(q)) throw new CompactPlanError(`position out of range: ${value}`)
  return q
}

const deltaColumn = (writer: Writer, values: ReadonlyArray<number>) => {
  let previous = 0
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new CompactPlanError(`not an integer: ${value}`)
    writer.signed(value - previous)
    previous = value
  }
}

const readDeltaColumn = (reader: Reader, count: number): Array<number> => {
  const out = new Array<number>(count)
  let previous = 0
  for (let i = 0; i < count; i++) {
    previous += reader.signed()
    out[i] = previous
  }
  return out
}

export const encodeCompactPlan = (seats: ReadonlyArray<CompactSeat>): Uint8Array => {
  const writer = new Writer()
  for (const byte of MAGIC) writer.byte(byte)
  writer.varint(seats.length)

  const strings = new Map<string, number>()
  const indexOf = (text: string) => {
    let index = strings.get(text)
    if (index === undefined) {
      index = strings.size
      strings.set(text, index)
    }
    return index
  }
  const rowNames = seats.map((seat) => indexOf(seat.RowName))
  const seatNames = seats.map((seat) => indexOf(seat.SeatName))
  const encoder = new TextEncoder()
  writer.varint(strings.size)
  for (const text of strings.keys()) {
    const bytes = encoder.encode(text)
    writer.varint(bytes.length)
    writer.raw(bytes)
  }

  deltaColumn(
    writer,
    seats.map((seat) => seat.VenueSectionId),
  )
  deltaColumn(
    writer,
    seats.map((seat) => seat.XCoordinate),
  )
  deltaColumn(
    writer,
    seats.map((seat) => seat.YCoordinate),
  )
  deltaColumn(
    writer,
    seats.map((seat) => quantize(seat.PositionX)),
  )
  deltaColumn(
    writer,
    seats.map((seat) => quantize(seat.PositionY)),
  )
  for (const seat of seats)
    writer.byte(
      (seat.isPremium ? FLAG.premium : 0) |
        (seat.isHandicap ? FLAG.handicap : 0) |
        (seat.isCompanion ? FLAG.companion : 0) |
        (seat.isLimitedView ? FLAG.limitedView : 0) |
        (seat.VenueSectionSeatGroupId !== null ? FLAG.group : 0) |
        (seat.TicketGroupId !== null ? FLAG.ticketGroup : 0),
    )
  deltaColumn(
    writer,
    seats.flatMap((seat) => (seat.VenueSectionSeatGroupId === null ? [] : [seat.VenueSectionSeatGroupId])),
  )
  deltaColumn(
    writer,
    seats.flatMap((seat) => (seat.TicketGroupId === null ? [] : [seat.TicketGroupId])),
  )
  deltaColumn(writer, rowNames)
  deltaColumn(writer, seatNames)
  return writer.done()
}

export const decodeCompactPlan = (bytes: Uint8Array): Array<CompactSeat> => {
  const reader = new Reader(bytes)
  for (const byte of MAGIC)
    if (reader.byte() !== byte) throw new CompactPlanError("not a compact seatplan (bad magic)")
  const count = reader.varint()
  // every seat takes at least seven bytes of columns: refuse counts the input cannot hold before allocating
  if (count > bytes.length) throw new CompactPlanError("the compact seatplan's seat count is impossible")
  const stringCount = reader.varint()
  if (stringCount > bytes.length)
    throw new CompactPlanError("the compact seatplan's string count is impossible")
  const decoder = new TextDecoder("utf-8", { fatal: true })
  const strings: Array<string> = []
  for (let i = 0; i < stringCount; i++) {
    const raw = reader.raw(reader.varint())
    try {
      strings.push(decoder.decode(raw))
    } catch {
      throw new CompactPlanError("a name in the compact seatplan is not UTF-8")
    }
  }

  const sections = readDeltaColumn(reader, count)
  const xs = readDeltaColumn(reader, count)
  const ys = readDeltaColumn(reader, count)
  const positionsX = readDeltaColumn(reader, count)
  const positionsY = readDeltaColumn(reader, count)
  const flags = Array.from(reader.raw(count))
  const groups = readDeltaColumn(reader, flags.filter((flag) => (flag & FLAG.group) !== 0).length)
  const ticketGroups = readDeltaColumn(reader, flags.filter((flag) => (flag & FLAG.ticketGroup) !== 0).length)
  const rowNames = readDeltaColumn(reader, count)
  const seatNames = readDeltaColumn(reader, count)
  if (!reader.atEnd) throw new CompactPlanError("the compact seatplan has trailing bytes")

  const stringAt = (index: number) => {
    const text = strings[index]
    if (text === undefined) throw new CompactPlanError(`no string ${index} in the compact seatplan`)
    return text
  }
  let group = 0
  let ticketGroup = 0
  return flags.map((flag, i) => ({
    VenueSectionId: sections[i] ?? 0,
    VenueSectionSeatGroupId: (flag & FLAG.group) !== 0 ? (groups[group++] ?? null) : null,
    TicketGroupId: (flag & FLAG.ticketGroup) !== 0 ? (ticketGroups[ticketGroup++] ?? null) : null,
    XCoordinate: xs[i] ?? 0,
    YCoordinate: ys[i] ?? 0,
    RowName: stringAt(rowNames[i] ?? -1),
    SeatName: stringAt(seatNames[i] ?? -1),
    PositionX: (positionsX[i] ?? 0) / POSITION_QUANTUM,
    PositionY: (positionsY[i] ?? 0) / POSITION_QUANTUM,
    isPremium: (flag & FLAG.premium) !== 0,
    isHandicap: (flag & FLAG.handicap) !== 0,
    isCompanion: (flag & FLAG.companion) !== 0,
    isLimitedView: (flag & FLAG.limitedView) !== 0,
  }))
}

/** Seat statuses as the map's codes (0 free, 1 taken, 2 single-seat block, 3 spare): two bits per seat. */
export const encodeStatusBitmap = (codes: Uint8Array): Uint8Array => {
  const out = new Uint8Array(Math.ceil(codes.length / 4))
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] ?? 0
    if (code > 3) throw new CompactPlanError(`status code ${code} does not fit in two bits`)
    out[i >> 2] = (out[i >> 2] ?? 0) | (code << ((i & 3) * 2))
  }
  return out
}

export const decodeStatusBitmap = (bitmap: Uint8Array, count: number): Uint8Array => {
  if (bitmap.length !== Math.ceil(count / 4))
    throw new CompactPlanError(`a bitmap of ${bitmap.length} bytes cannot hold ${count} statuses`)
  const out = new Uint8Array(count)
  for (let i = 0; i < count; i++) out[i] = ((bitmap[i >> 2] ?? 0) >> ((i & 3) * 2)) & 3
  return out
}
