import { Duplex } from "node:stream"
import type { PGlite } from "@electric-sql/pglite"

/**
 * One virtual PostgreSQL connection to an in-process PGlite, for `@effect/sql-pg`'s `stream` option.
 *
 * PGlite is a single backend session, so a pool of connections must not interleave inside a transaction
 * (pglite-socket with more than one connection corrupted the protocol: "portal does not exist",
 * "Unexpected ReadyForQuery"). Each connection therefore takes the shared {@link SessionLock} when it
 * sends its first message and keeps it until PostgreSQL reports the session idle again
 * (ReadyForQuery 'I'): whole transactions run alone, single statements interleave freely between them.
 *
 * The startup handshake is answered here (PGlite has one session already and needs no authentication);
 * prepared statements must be unnamed (`prepare: false`), because names from different virtual
 * connections would collide in the one session.
 */
export class PGliteConnection extends Duplex {
  private pending: Buffer = Buffer.alloc(0)
  private started = false
  private release: (() => void) | undefined
  private readonly db: PGlite
  private readonly lock: SessionLock

  constructor(db: PGlite, lock: SessionLock) {
    super()
    this.db = db
    this.lock = lock
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk])
    this.drain().then(
      () => callback(),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    )
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.abandon().then(
      () => callback(error),
      () => callback(error),
    )
  }

  private async drain(): Promise<void> {
    if (!this.started) {
      const length = startupLength(this.pending)
      if (length === undefined) return
      this.pending = this.pending.subarray(length)
      this.started = true
      this.push(startupResponse())
    }
    const end = completeMessagesEnd(this.pending)
    if (end === 0) return
    const batch = this.pending.subarray(0, end)
    this.pending = this.pending.subarray(end)
    if (endsWithTerminate(batch)) {
      await this.abandon()
      this.push(null)
      return
    }
    if (this.release === undefined) this.release = await this.lock.acquire()
    const response = Buffer.from(await this.db.execProtocolRaw(batch))
    this.push(response)
    if (lastReadyStatus(response) === "I") this.releaseLock()
  }

  /** A connection closed in the middle of a transaction must not leave the shared session inside it. */
  private async abandon(): Promise<void> {
    if (this.release === undefined) return
    try {
      await this.db.exec("ROLLBACK")
    } finally {
      this.releaseLock()
    }
  }

  private releaseLock(): void {
    const release = this.release
    this.release = undefined
    release?.()
  }
}

/** A FIFO mutex over the one PGlite session. */
export class SessionLock {
  private tail: Promise<void> = Promise.resolve()

  acquire(): Promise<() => void> {
    let release!: () => void
    const next = new Promise<void>((resolve) => {
      release = resolve
    })
    const acquired = this.tail.then(() => release)
    this.tail = this.tail.then(() => next)
    return acquired
  }
}

const PROTOCOL_3 = 196608

/** The untyped startup packet: int32 length, int32 protocol version, parameters. */
const startupLength = (buffer: Buffer): number | undefined => {
  if (buffer.length < 8) return undefined
  const length = buffer.readInt32BE(0)
  if (buffer.readInt32BE(4) !== PROTOCOL_3) {
    throw new Error(`Embedded database: unsupported startup request ${buffer.readInt32BE(4)}`)
  }
  return buffer.length >= length ? length : undefined
}

/** Byte offset just past the last complete typed frontend message in the buffer. */
const completeMessagesEnd = (buffer: Buffer): number => {
  let offset = 0
  while (offset + 5 <= buffer.length) {
    const next = offset + 1 + buffer.readInt32BE(offset + 1)
    if (next > buffer.length) break
    offset = next
  }
  return offset
}

const endsWithTerminate = (batch: Buffer): boolean => {
  let offset = 0
  while (offset < batch.length) {
    if (batch[offset] === 0x58) return true
    offset += 1 + batch.readInt32BE(offset + 1)
  }
  return false
}

/** Transaction status of the last ReadyForQuery ('I' idle, 'T' in transaction, 'E' failed), if any. */
const lastReadyStatus = (response: Buffer): string | undefined => {
  let offset = 0
  let status: string | undefined
  while (offset + 5 <= response.length) {
    const length = response.readInt32BE(offset + 1)
    if (response[offset] === 0x5a) status = String.fromCharCode(response[offset + 5] ?? 0)
    offset += 1 + length
  }
  return status
}

const message = (type: string, body: Buffer): Buffer => {
  const header = Buffer.alloc(5)
  header.write(type, 0, "latin1")
  header.writeInt32BE(body.length + 4, 1)
  return Buffer.concat([header, body])
}

const int32 = (value: number): Buffer => {
  const buffer = Buffer.alloc(4)
  buffer.writeInt32BE(value)
  return buffer
}

const cstrings = (...values: ReadonlyArray<string>): Buffer =>
  Buffer.concat(values.map((value) => Buffer.from(`${value}\0`, "utf8")))

const startupResponse = (): Buffer =>
  Buffer.concat([
    message("R", int32(0)),
    message("S", cstrings("server_version", "18.0")),
    message("S", cstrings("server_encoding", "UTF8")),
    message("S", cstrings("client_encoding", "UTF8")),
    message("S", cstrings("DateStyle", "ISO, MDY")),
    message("S", cstrings("integer_datetimes", "on")),
    message("S", cstrings("standard_conforming_strings", "on")),
    message("K", Buffer.concat([int32(1), int32(0)])),
    message("Z", Buffer.from("I", "latin1")),
  ])
