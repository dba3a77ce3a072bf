import { Result, Schema } from "effect"
import { type CartEvent, type CartEventEncoded, CartEventSchema } from "./events.ts"

/**
 * Reading and writing cart events as JSON (IndexedDB rows, exported logs), with upgrades for old shapes.
 *
 * An event is stored in the shape of its version. On read, `migrateEvent` walks the raw JSON up one version at a
 * time (each step decodes the old shape with its own schema, so a step sees only what it understands) until the
 * current version, then the union decodes it. Stored rows are never rewritten in place: the log is the record
 * of what happened, and an upgrade that turned out wrong can be fixed and replayed.
 *
 * A shape with no `v` is version 0: the events written before versions existed.
 */

/**
 * Version 0 of `PresentationSelected`: written while the chain had one business, so it had no `businessId`.
 * Every such presentation belonged to business 1.
 */
export const PresentationSelectedV0 = Schema.Struct({
  _tag: Schema.Literal("PresentationSelected"),
  eventId: Schema.String,
  at: Schema.String,
  presentation: Schema.Struct({
    id: Schema.Int,
    venueId: Schema.Int,
    venueTypeId: Schema.Int,
    seatplanId: Schema.NullOr(Schema.Int),
    authProfileId: Schema.Int,
    locationId: Schema.Int,
    dateTime: Schema.String,
  }),
  isEnrolling: Schema.Boolean,
})

export const DEFAULT_BUSINESS_ID = 1

/**
 * Version 1 of `Committed`: the reservation's identifiers only. Version 2 added the order's status, figures,
 * payment deadline and document key; an old commit was awaiting payment when written, and its figures are
 * unknown (null: the pay step falls back to the cart's own sums).
 */
export const CommittedV1 = Schema.Struct({
  _tag: Schema.Literal("Committed"),
  v: Schema.Literal(1),
  eventId: Schema.String,
  at: Schema.String,
  idempotencyKey: Schema.String,
  reservationIdentifier: Schema.String,
  ticketIdentifiers: Schema.Array(Schema.String),
})

type Upgrade = (raw: unknown) => Result.Result<unknown, Schema.SchemaError>

/** Upgrades by event tag, then by the version they upgrade from (to that version + 1). */
const upgrades: Readonly<Record<string, Readonly<Record<number, Upgrade>>>> = {
  PresentationSelected: {
    0: (raw) =>
      Result.map(Schema.decodeUnknownResult(PresentationSelectedV0)(raw), (old) => ({
        ...old,
        v: 1,
        presentation: { ...old.presentation, businessId: DEFAULT_BUSINESS_ID },
      })),
  },
  Committed: {
    1: (raw) =>
      Result.map(Schema.decodeUnknownResult(CommittedV1)(raw), (old) => ({
        ...old,
        v: 2,
        status: "awaitingPayment",
        amounts: null,
        paymentDeadline: null,
        documentKey: null,
      })),
  },
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const versionOf = (raw: Record<string, unknown>): number => (typeof raw.v === "number" ? raw.v : 0)

/**
 * Raw JSON up to the current version of its event. Anything it cannot upgrade is returned as it is, for the
 * decoder to refuse with a proper schema error.
 */
export const migrateEvent = (raw: unknown): unknown => {
  let current = raw
  while (isRecord(current) && typeof current._tag === "string") {
    const from = versionOf(current)
    const step = upgrades[current._tag]?.[from]
    if (step === undefined) break
    const next = step(current)
    // each step must move forward, or a mistaken upgrade table would loop forever
    if (Result.isFailure(next) || !isRecord(next.success) || versionOf(next.success) <= from) break
    current = next.success
  }
  return current
}

const decode = Schema.decodeUnknownResult(CartEventSchema)
const encode = Schema.encodeSync(CartEventSchema)

export const decodeCartEvent = (raw: unknown): Result.Result<CartEvent, Schema.SchemaError> =>
  decode(migrateEvent(raw))

/** The JSON-ready shape of an event (current version). */
export const encodeCartEvent = (event: CartEvent): CartEventEncoded => encode(event)

export interface LogDecodeError {
  /** position in the log of the first event that could not be read */
  readonly index: number
  readonly error: Schema.SchemaError
}

/** A whole log, or the first event that cannot be read: a cart folded from part of its log would lie. */
export const decodeCartLog = (
  raws: ReadonlyArray<unknown>,
): Result.Result<Array<CartEvent>, LogDecodeError> => {
  const events: Array<CartEvent> = []
  for (const [index, raw] of raws.entries()) {
    const decoded = decodeCartEvent(raw)
    if (Result.isFailure(decoded)) return Result.fail({ index, error: decoded.failure })
    events.push(decoded.success)
  }
  return Result.succeed(events)
}
