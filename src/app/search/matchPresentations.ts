import type { Presentation } from "../../api/PresentationEntities.ts"
import { searchScore } from "../../domain/shared/textSearch.ts"

/** A search lists this many showings at most, the soonest first: the rest are a click away on the film's page. */
export const MAX_SHOWINGS = 30

/**
 * The showings a search finds in the list the browser holds: those of the films the server matched (in any of
 * the three languages) and those whose film or cinema name matches in the page's language, not yet started.
 */
export const matchPresentations = (
  query: string,
  presentations: ReadonlyArray<Presentation>,
  featureIds: ReadonlySet<number>,
  nowMs: number,
): ReadonlyArray<Presentation> =>
  presentations
    .filter((each) => Date.parse(each.dateTime) > nowMs)
    .filter(
      (each) =>
        featureIds.has(each.featureId) ||
        searchScore(query, [each.featureName, each.locationName]) !== undefined,
    )
    .sort((a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime))
    .slice(0, MAX_SHOWINGS)
