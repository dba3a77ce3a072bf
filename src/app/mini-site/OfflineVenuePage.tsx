import { useQuery } from "@tanstack/react-query"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { apiFetch, apiUrl } from "../lib/api.ts"
import { DelayedSpinner } from "../ui/Spinner.tsx"
import { OfflineVenueNotice } from "./OfflineVenueNotice.tsx"

/**
 * The offline-venue view (spec §2 "offline-venue view", §8 "location offline"): the showing's cinema is not
 * selling online. Every way into an order ends here then (what's on, a partner's mini-site, an integration link,
 * a typed address): the order's loader sends the buyer here when the presentation answers `locationOffline`.
 */
export const OfflineVenuePage = ({ presentationId }: { readonly presentationId: number }) => {
  const t = useT()
  const locale = useLocale()
  const venue = useQuery({
    queryKey: ["presentations", "offline", presentationId, { lang: locale }],
    queryFn: async () => {
      const response = await apiFetch(apiUrl(`/presentations/${presentationId}`, { lang: locale }))
      const body = (await response.json().catch(() => ({}))) as { error?: string; locationName?: string }
      return body.error === "locationOffline" ? (body.locationName ?? "") : null
    },
  })
  if (venue.isPending) return <DelayedSpinner label={t("partners.loading")} />
  return <OfflineVenueNotice name={venue.data ?? undefined} />
}
