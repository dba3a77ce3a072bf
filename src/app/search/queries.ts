import { queryOptions } from "@tanstack/react-query"
import type { FeatureList } from "../../api/FeaturesApi.ts"
import { MIN_QUERY_LENGTH, normalizeForSearch } from "../../domain/shared/textSearch.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { apiGet } from "../lib/api.ts"

/** Whether a query is long enough to ask about (the server's rule, src/domain/shared/textSearch.ts). */
export const searchable = (query: string): boolean =>
  normalizeForSearch(query).replace(/ /g, "").length >= MIN_QUERY_LENGTH

/** Films whose title matches in Hebrew, English or Russian, whatever the page's language. */
export const featureSearchQueryOptions = (query: string, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["features", "search", { q: query.trim(), lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<FeatureList>("/features/search", { q: query.trim(), lang: locale }, signal),
    enabled: searchable(query),
    staleTime: 5 * 60_000,
  })
