/** Filters live in the URL so a filtered list can be shared and survives reloads. */
export type WhatsOnSearch = {
  readonly location?: number
  readonly feature?: number
}

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === "string" ? Number(value) : value
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/** Hand-written rather than a Schema: a Schema here would pull Effect into the entry chunk. */
export const validateWhatsOnSearch = (search: Record<string, unknown>): WhatsOnSearch => {
  const location = positiveInt(search.location)
  const feature = positiveInt(search.feature)
  return {
    ...(location === undefined ? {} : { location }),
    ...(feature === undefined ? {} : { feature }),
  }
}
