import { Schema } from "effect"
import { LOCALE_CODES } from "../domain/shared/locales.ts"
import { WireText } from "../domain/shared/wireText.ts"

/** The ten locales that have translation files (spec §1). Only some are enabled in config. */
export const LocaleCode = Schema.Literals(LOCALE_CODES)
export type LocaleCode = typeof LocaleCode.Type

/** `lang` query parameter: which language localised names come back in (default he, fallback en). */
export const LangQuery = Schema.optional(LocaleCode)

/** A comma-separated list of positive integer ids, as the spec's `featureIds` filter is written on the wire. */
export const IdList = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^\d{1,9}(,\d{1,9})*$/, { expected: "a comma-separated list of ids" })),
)

export const parseIdList = (value: string | undefined): ReadonlyArray<number> | undefined =>
  value === undefined ? undefined : value.split(",").map(Number)

export const PositiveInt = Schema.Int.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(1)))

/**
 * Spec §7: "Header uuid sent on every request when an auth uuid is stored". The server keeps only its hash. Calls
 * that ask who the customer is take it through the `CustomerSession` / `CustomerIfAny` middlewares
 * (sessions.ts); only logout reads it as a plain header, since the uuid is what it revokes.
 */
export const CustomerAuthHeader = { uuid: Schema.optional(WireText) }
