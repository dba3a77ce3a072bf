import type { QueryClient } from "@tanstack/react-query"
import type { LocaleCode } from "../i18n/locales.ts"
import { loadTemporal } from "../lib/temporal.ts"
import { locationsQueryOptions, presentationsQueryOptions } from "./queries.ts"

/**
 * The index route's loader. The list blocks the first render (and comes from the persisted cache when
 * offline); the cinema filter's locations do not, because the list can offer its own cinemas meanwhile.
 */
export const loadWhatsOn = async (queryClient: QueryClient, locale: LocaleCode): Promise<void> => {
  void queryClient.prefetchQuery(locationsQueryOptions(locale))
  await Promise.all([queryClient.ensureQueryData(presentationsQueryOptions(locale)), loadTemporal()])
}
