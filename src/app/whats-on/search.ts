/** Filters live in the URL so a filtered list can be shared and survives reloads. */
export type WhatsOnSearch = {
  readonly location?: number
  readonly feature?: number
  /** the day shown, YYYY-MM-DD in Asia/Jerusalem; absent: today (or the next day with showings) */
  readonly date?: string
}

/** A calendar date as the day strip writes it; anything else is dropped (the page shows its default day). */
const isoDate = (value: unknown): string | undefined =>
  typeof value === "string" && /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value) ? value : undefined

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === "string" ? Number(value) : value
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/** Hand-written rather than a Schema: a Schema here would pull Effect into the entry chunk. */
export const validateWhatsOnSearch = (search: Record<string, unknown>): WhatsOnSearch => {
  const location = positiveInt(search.location)
  const feature = positiveInt(search.feature)
  const date = isoDate(search.date)
  return {
    ...(location === undefined ? {} : { location }),
    ...(feature === undefined ? {} : { feature }),
    ...(date === undefined ? {} : { date }),
  }
}
