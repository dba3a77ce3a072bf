/**
 * How old a copy kept on this device is, as the offline screens say it ("Saved 3 hours ago": the last what's-on
 * list, a wallet entry). Pure: `now` is the caller's clock (the browser's `Date`, which the journeys shift), so
 * the label is tested without one.
 */
export type SavedAge =
  | { readonly kind: "justNow" }
  | { readonly kind: "ago"; readonly value: number; readonly unit: "minute" | "hour" | "day" }

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** The age in its largest whole unit, rounded down (a copy 119 minutes old was saved an hour ago, not two). */
export const savedAgeOf = (savedAt: number, now: number): SavedAge => {
  // a device clock set back since the save reads as "just now", never as a time to come
  const elapsed = Math.max(0, now - savedAt)
  if (elapsed < MINUTE_MS) return { kind: "justNow" }
  if (elapsed < HOUR_MS) return { kind: "ago", value: Math.floor(elapsed / MINUTE_MS), unit: "minute" }
  if (elapsed < DAY_MS) return { kind: "ago", value: Math.floor(elapsed / HOUR_MS), unit: "hour" }
  return { kind: "ago", value: Math.floor(elapsed / DAY_MS), unit: "day" }
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()

/**
 * The label in `locale`: the sentence from the dictionary (`status.savedJustNow`, `status.savedAgo`), the age
 * itself from `Intl.RelativeTimeFormat`, which knows each language's plural forms ("3 часа назад", "לפני 3 שעות")
 * where one dictionary text per key could not.
 */
export const savedAgeLabel = (
  age: SavedAge,
  locale: string,
  t: (key: "status.savedJustNow" | "status.savedAgo", params?: { readonly age: string }) => string,
): string => {
  if (age.kind === "justNow") return t("status.savedJustNow")
  let format = relativeFormats.get(locale)
  if (format === undefined) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "always" })
    relativeFormats.set(locale, format)
  }
  return t("status.savedAgo", { age: format.format(-age.value, age.unit) })
}
