import { isEmailAddress, israeliMobile, normalizeMobile } from "../order/customerInfo.ts"
import type { MarketingFormKind } from "./marketingFormKinds.ts"

/**
 * The marketing forms (spec §1 "Marketing pages", §3 "Other forms", §5 form messages): a birthday party request,
 * a job application and a contact message. One definition per form, read by the page that draws the fields and
 * by the server that refuses what breaks it, so both always agree. The spec names only the forms' own fields
 * (date, age, location, guest count; department, availability; subject, message, how heard); who is asking
 * (name, e-mail, mobile) is added because the venue must be able to answer. Bounds chosen where the spec is
 * silent: a party is asked for 3 to 365 days ahead, for a child of 1 to 18 with 5 to 100 guests.
 */

export const JOB_DEPARTMENTS = ["boxOffice", "concessions", "projection", "events", "management"] as const
export const JOB_AVAILABILITY = ["fullTime", "partTime", "evenings", "weekends"] as const
export const HOW_HEARD = ["friend", "socialMedia", "searchEngine", "advertisement", "other"] as const

export type MarketingFieldKind =
  | { readonly type: "name" | "email" | "mobile" | "location" }
  | { readonly type: "text"; readonly max: number }
  | { readonly type: "date"; readonly minDaysAhead: number; readonly maxDaysAhead: number }
  | { readonly type: "integer"; readonly min: number; readonly max: number }
  | { readonly type: "choice"; readonly options: ReadonlyArray<string> }

export interface MarketingField {
  readonly name: string
  readonly required: boolean
  readonly kind: MarketingFieldKind
  /** drawn as a multi-line box */
  readonly multiline?: boolean
}

const field = (name: string, required: boolean, kind: MarketingFieldKind, multiline = false) => ({
  name,
  required,
  kind,
  multiline,
})

const asker = (mobileRequired: boolean): ReadonlyArray<MarketingField> => [
  field("firstName", true, { type: "name" }),
  field("lastName", true, { type: "name" }),
  field("email", true, { type: "email" }),
  field("mobileNumber", mobileRequired, { type: "mobile" }),
]

export const MARKETING_FORM_FIELDS: Readonly<Record<MarketingFormKind, ReadonlyArray<MarketingField>>> = {
  birthday: [
    ...asker(true),
    field("locationId", true, { type: "location" }),
    field("date", true, { type: "date", minDaysAhead: 3, maxDaysAhead: 365 }),
    field("childAge", true, { type: "integer", min: 1, max: 18 }),
    field("guestCount", true, { type: "integer", min: 5, max: 100 }),
    field("notes", false, { type: "text", max: 500 }, true),
  ],
  job: [
    ...asker(true),
    field("department", true, { type: "choice", options: JOB_DEPARTMENTS }),
    field("availability", true, { type: "choice", options: JOB_AVAILABILITY }),
    field("locationId", false, { type: "location" }),
    field("notes", false, { type: "text", max: 1000 }, true),
  ],
  contact: [
    ...asker(false),
    field("locationId", false, { type: "location" }),
    field("subject", true, { type: "text", max: 100 }),
    field("message", true, { type: "text", max: 2000 }, true),
    field("howHeard", false, { type: "choice", options: HOW_HEARD }),
  ],
}

/** What a check needs besides the values: the venue's date today and the locations a form may name. */
export interface MarketingFormContext {
  /** YYYY-MM-DD in the venue's time zone */
  readonly today: string
  readonly locationIds: ReadonlySet<number>
}

/** The spec's messages (required, alpha, email, min, max, numeric) and ours (a number's bounds, a mobile, a choice). */
export type MarketingFieldError =
  | { readonly rule: "required" | "alpha" | "email" | "numeric" | "mobile" | "notValid" }
  | { readonly rule: "min" | "atLeast"; readonly min: number }
  | { readonly rule: "max" | "atMost"; readonly max: number }

export type MarketingFormErrors = Readonly<Record<string, MarketingFieldError>>

export interface CheckedMarketingForm {
  readonly errors: MarketingFormErrors
  /** the form's own fields only, trimmed and normalised (mobiles as 05XXXXXXXX); empty optional fields dropped */
  readonly values: Readonly<Record<string, string>>
}

const LETTERS = /^[\p{L}\p{M}' \-״׳.]+$/u
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const WHOLE = /^[0-9]+$/

/** The date `days` after a YYYY-MM-DD date (calendar arithmetic, no clock). */
export const addDays = (date: string, days: number): string => {
  const [, y, m, d] = DATE.exec(date) ?? []
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + days)).toISOString().slice(0, 10)
}

const isCalendarDate = (value: string): boolean => {
  return DATE.test(value) && addDays(value, 0) === value
}

const check = (
  kind: MarketingFieldKind,
  value: string,
  context: MarketingFormContext,
): MarketingFieldError | null => {
  switch (kind.type) {
    case "name":
      if (!LETTERS.test(value)) return { rule: "alpha" }
      if (value.length < 2) return { rule: "min", min: 2 }
      return value.length > 50 ? { rule: "max", max: 50 } : null
    case "email":
      return isEmailAddress(value) ? null : { rule: "email" }
    case "mobile":
      if (!/^\+?[0-9]+$/.test(normalizeMobile(value))) return { rule: "numeric" }
      return israeliMobile(value) === null ? { rule: "mobile" } : null
    case "location":
      return WHOLE.test(value) && context.locationIds.has(Number(value)) ? null : { rule: "notValid" }
    case "text":
      return value.length > kind.max ? { rule: "max", max: kind.max } : null
    case "date":
      if (!isCalendarDate(value)) return { rule: "notValid" }
      if (value < addDays(context.today, kind.minDaysAhead)) return { rule: "notValid" }
      return value > addDays(context.today, kind.maxDaysAhead) ? { rule: "notValid" } : null
    case "integer": {
      if (!WHOLE.test(value)) return { rule: "numeric" }
      const n = Number(value)
      if (n < kind.min) return { rule: "atLeast", min: kind.min }
      return n > kind.max ? { rule: "atMost", max: kind.max } : null
    }
    case "choice":
      return kind.options.includes(value) ? null : { rule: "notValid" }
  }
}

const normalised = (kind: MarketingFieldKind, value: string): string =>
  kind.type === "mobile"
    ? (israeliMobile(value) ?? value)
    : kind.type === "email"
      ? value.toLowerCase()
      : value

/** Every broken rule by field, and the clean values to keep when there is none. Unknown fields are ignored. */
export const checkMarketingForm = (
  kind: MarketingFormKind,
  typed: Readonly<Record<string, string | undefined>>,
  context: MarketingFormContext,
): CheckedMarketingForm => {
  const errors: Record<string, MarketingFieldError> = {}
  const values: Record<string, string> = {}
  for (const { name, required, kind: fieldKind } of MARKETING_FORM_FIELDS[kind]) {
    const value = (typed[name] ?? "").trim()
    if (value === "") {
      if (required) errors[name] = { rule: "required" }
      continue
    }
    const error = check(fieldKind, value, context)
    if (error !== null) errors[name] = error
    else values[name] = normalised(fieldKind, value)
  }
  return { errors, values }
}
