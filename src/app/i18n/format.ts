import type { Temporal } from "@js-temporal/polyfill"
import type { TemporalApi } from "../lib/temporal.ts"

/** Spec §1: every date and time the customer sees is Israeli wall time, whatever the device's zone. */
export const TIME_ZONE = "Asia/Jerusalem"

const moneyFormats = new Map<string, Intl.NumberFormat>()

/**
 * Integer agorot → "₪47.00" in the locale's pattern (he: "‏47.00 ₪"). The amount is handed to Intl as a
 * decimal string, so no binary fraction ever rounds a price.
 */
export const formatMoney = (agorot: number, locale: string): string => {
  if (!Number.isSafeInteger(agorot)) throw new RangeError(`agorot must be an integer, got ${agorot}`)
  let format = moneyFormats.get(locale)
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "ILS",
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    moneyFormats.set(locale, format)
  }
  const sign = agorot < 0 ? "-" : ""
  const abs = Math.abs(agorot)
  const decimal = `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`
  return format.format(decimal as Intl.StringNumericLiteral)
}

/** A count in the locale's digits and grouping ("2,812"; ru "2 812"). */
export const formatCount = (count: number, locale: string): string =>
  new Intl.NumberFormat(locale).format(count)

const pad2 = (value: number): string => String(value).padStart(2, "0")

export const toJerusalem = (T: TemporalApi, isoInstant: string): Temporal.ZonedDateTime =>
  T.Instant.from(isoInstant).toZonedDateTimeISO(TIME_ZONE)

/** "HH:mm", 24-hour in every locale (the spec's format, not the locale's habit). */
export const formatTime = (time: { hour: number; minute: number }): string =>
  `${pad2(time.hour)}:${pad2(time.minute)}`

/** "DD/MM/YYYY" (spec §9). */
export const formatDate = (date: { day: number; month: number; year: number }): string =>
  `${pad2(date.day)}/${pad2(date.month)}/${date.year}`

const weekdayFormats = new Map<string, Intl.DateTimeFormat>()

/** ISO day of week (1 = Monday) → the locale's long day name. 1 January 2024 was a Monday. */
export const weekdayName = (isoDayOfWeek: number, locale: string): string => {
  let format = weekdayFormats.get(locale)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" })
    weekdayFormats.set(locale, format)
  }
  return format.format(Date.UTC(2024, 0, isoDayOfWeek))
}

/** Heading of a day in lists: "Monday, 23/11/2026". */
/** The comma after the day's name: Arabic writes its own (،), which a Latin one reads as stray in right-to-left text. */
const commaOf = (locale: string): string => (locale === "ar" ? "،" : ",")

export const formatDayHeading = (date: Temporal.PlainDate, locale: string): string =>
  `${weekdayName(date.dayOfWeek, locale)}${commaOf(locale)} ${formatDate(date)}`

/** Spec §9 long date-time: "day name, DD/MM/YYYY HH:mm", in Jerusalem time. */
export const formatLongDateTime = (T: TemporalApi, isoInstant: string, locale: string): string => {
  const local = toJerusalem(T, isoInstant)
  return `${weekdayName(local.dayOfWeek, locale)}${commaOf(locale)} ${formatDate(local)} ${formatTime(local)}`
}

const languageNames = new Map<string, Intl.DisplayNames>()

/** ISO 639-1 code → the language's name in the reader's locale ("en" → "אנגלית" in he). */
export const languageName = (code: string, locale: string): string => {
  let names = languageNames.get(locale)
  if (names === undefined) {
    names = new Intl.DisplayNames([locale], { type: "language", fallback: "code" })
    languageNames.set(locale, names)
  }
  try {
    return names.of(code) ?? code
  } catch {
    return code // not a language code (free text from the back office): show it as it came
  }
}
