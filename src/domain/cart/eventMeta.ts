import { Effect, Schema } from "effect"
import { IsoInstant, schemaVersion } from "./values.ts"

/** What every cart event carries (events.ts says why): its id and instant, given by the caller, and its version. */
export const meta = { eventId: Schema.String, at: IsoInstant }
export const v1 = schemaVersion(1)
export const v2 = schemaVersion(2)

/** A field older writers did not know: new events may leave it out, and the upgrade of an old one sets null. */
export const nullByDefault = <S extends Schema.Top>(schema: S) =>
  Schema.NullOr(schema).pipe(Schema.withConstructorDefault(Effect.succeed(null)))

export const Quantity = Schema.Int.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(0)))
