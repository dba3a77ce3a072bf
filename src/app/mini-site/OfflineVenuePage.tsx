import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { apiFetch, apiUrl } from "../lib/api.ts"
import { DelayedSpinner } from "../ui/Spinner.tsx"
import "../errors/errors.css"

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
  const name = venue.data ?? ""
  return (
    <section className="dead-end" aria-labelledby="offline-title" data-testid="offline-venue">
      <h1 id="offline-title" className="dead-end__title">
        {t("partners.offline.title")}
      </h1>
      <p className="dead-end__text">
        {name === "" ? t("partners.offline.textNoName") : t("partners.offline.text", { location: name })}
      </p>
      <p className="dead-end__text">{t("partners.offline.boxOffice")}</p>
      <div className="dead-end__actions">
        <Link to="/" search={{ lang: locale }} className="button button--primary">
          {t("partners.offline.whatsOn")}
        </Link>
      </div>
    </section>
  )
}
