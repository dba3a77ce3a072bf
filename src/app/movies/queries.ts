import { queryOptions } from "@tanstack/react-query"
import type { Feature, FeatureList } from "../../api/FeaturesApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { apiGet } from "../lib/api.ts"

/** One film for its page; null when the catalogue has no such feature (the page says so). */
export const featureQueryOptions = (featureId: number, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["features", "one", { id: featureId, lang: locale }],
    queryFn: async ({ signal }): Promise<Feature | null> => {
      const list = await apiGet<FeatureList>("/features/", { featureIds: featureId, lang: locale }, signal)
      return list.features[0] ?? null
    },
    staleTime: 60 * 60_000,
    // kept with what's on, so a film's page opens offline once seen
    meta: { persist: true },
  })
