import { Link, useNavigate } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { apiFetch, apiUrl } from "../lib/api.ts"
import { rememberIntegration } from "../lib/referral.ts"
import { DelayedSpinner } from "../ui/Spinner.tsx"
import "../errors/errors.css"

export interface IntegrationLink {
  readonly TS?: string
  readonly ret?: string
  readonly key?: string
}

/**
 * Where a partner's signed link lands (spec §7 `/integration ?TS, ret, key`): the server checks the signature and
 * the time and answers the integration id, which this tab's order then carries; the buyer goes on to `ret`. A
 * refused link shows the spec's integration data error.
 */
export const IntegrationPage = ({ link }: { readonly link: IntegrationLink }) => {
  const t = useT()
  const locale = useLocale()
  const navigate = useNavigate()
  const [refused, setRefused] = useState(false)

  useEffect(() => {
    let live = true
    const accept = async () => {
      const response = await apiFetch(
        apiUrl("/integration", { TS: link.TS ?? "", ret: link.ret ?? "", key: link.key ?? "" }),
        { headers: { accept: "application/json" } },
      ).catch(() => undefined)
      if (!live) return
      if (response?.status !== 200) return setRefused(true)
      const { integrationId, ret } = (await response.json()) as { integrationId: string; ret: string }
      rememberIntegration(integrationId)
      const showing = /^\/order\/(\d+)$/.exec(ret)?.[1]
      await (showing === undefined
        ? navigate({ to: "/", search: { lang: locale }, replace: true })
        : navigate({
            to: "/order/$presentationId/seats",
            params: { presentationId: Number(showing) },
            search: { lang: locale },
            replace: true,
          }))
    }
    void accept()
    return () => {
      live = false
    }
  }, [link.TS, link.ret, link.key, locale, navigate])

  if (!refused) return <DelayedSpinner label={t("partners.integration.checking")} />
  return (
    <section className="dead-end" aria-labelledby="integration-title" data-testid="integration-refused">
      <h1 id="integration-title" className="dead-end__title">
        {t("partners.integration.title")}
      </h1>
      <p className="dead-end__text">{t("partners.integration.text")}</p>
      <div className="dead-end__actions">
        <Link to="/" search={{ lang: locale }} className="button button--primary">
          {t("app.home")}
        </Link>
      </div>
    </section>
  )
}
