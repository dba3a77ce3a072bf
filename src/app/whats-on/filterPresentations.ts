import type { Presentation } from "../../api/PresentationEntities.ts"
import type { WhatsOnSearch } from "./search.ts"

export const filterPresentations = (
  presentations: ReadonlyArray<Presentation>,
  filters: WhatsOnSearch,
): ReadonlyArray<Presentation> =>
  presentations.filter(
    (presentation) =>
      (filters.location === undefined || presentation.locationId === filters.location) &&
      (filters.feature === undefined || presentation.featureId === filters.feature),
  )

export type Option = { readonly id: number; readonly name: string }

/** Each feature once, in the locale's alphabetical order: the film filter needs no extra request. */
export const featureOptions = (
  presentations: ReadonlyArray<Presentation>,
  locale: string,
): ReadonlyArray<Option> => {
  const byId = new Map<number, string>()
  for (const presentation of presentations) byId.set(presentation.featureId, presentation.featureName)
  const collator = new Intl.Collator(locale)
  return [...byId.entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => collator.compare(a.name, b.name))
}

/** The list's own cinemas, used until (or instead of, when it fails) GET /customer/locations answers. */
export const locationOptionsFromList = (
  presentations: ReadonlyArray<Presentation>,
  locale: string,
): ReadonlyArray<Option> => {
  const byId = new Map<number, string>()
  for (const presentation of presentations) byId.set(presentation.locationId, presentation.locationName)
  const collator = new Intl.Collator(locale)
  return [...byId.entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => collator.compare(a.name, b.name))
}
