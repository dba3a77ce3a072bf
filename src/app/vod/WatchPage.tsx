import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useEffect } from "react"
import { VOD_PLAYBACK_LIMIT, VOD_WINDOW_HOURS, vodOnSaleAt, vodWindowOf } from "../../domain/vod/access.ts"
import { SignInForm } from "../customer/signIn/SignInForm.tsx"
import { useSignedInCustomer } from "../customer/signIn/useSignedInCustomer.ts"
import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { BuyForm } from "./BuyForm.tsx"
import { UnsupportedNotice } from "./UnsupportedNotice.tsx"
import { fetchVodTitle } from "./vodClient.ts"
import { chainDateTime } from "./vodText.ts"
import "../customer/signIn/signIn.css"
import "./vod.css"

type Props = { readonly presentationId: number; readonly locale: LocaleCode }

/**
 * `/watch/{presentationId}`: "Watch now" on a video-on-demand presentation (venue types 101–104). The title, its
 * window and playbacks (src/domain/vod/access.ts), its price; access belongs to an account, so a signed-out
 * visitor signs in here first, and a signed-in one confirms the details and pays (BuyForm).
 */
export const WatchPage = ({ presentationId, locale }: Props) => {
  const t = useT()
  const customer = useSignedInCustomer()
  const title = useQuery({
    queryKey: ["vod", "title", presentationId, locale],
    queryFn: ({ signal }) => fetchVodTitle(presentationId, locale, signal),
  })

  useEffect(() => {
    document.title = `${t("vod.watch.title")} · ${t("app.brand")}`
  }, [t])

  if (title.isPending) return <p className="vod-muted">{t("vod.loading")}</p>
  if (title.isError)
    return (
      <p className="vod-problem" role="alert" data-testid="vod-load-error">
        {t("vod.errors.loadError")}
      </p>
    )
  const { detail, ticket } = title.data
  const p = detail.presentation
  const startsAtMs = Date.parse(p.dateTime)
  const window = vodWindowOf(startsAtMs)
  const onSale = p.isVod && ticket !== null && vodOnSaleAt({ isOnSale: p.isOnSale, startsAtMs }, Date.now())

  return (
    <div className="vod-page" data-testid="watch-page">
      <header className="vod-head">
        <p className="vod-kicker">{p.venueName}</p>
        <h1 className="vod-title">{p.featureName}</h1>
        <p className="vod-muted">{t("vod.watch.duration", { minutes: p.duration })}</p>
      </header>
      <UnsupportedNotice t={t} />
      <section className="vod-card" aria-labelledby="vod-offer">
        <h2 id="vod-offer" className="vod-card__title">
          {t("vod.watch.offer")}
        </h2>
        <dl className="vod-facts">
          <dt>{t("vod.watch.window")}</dt>
          <dd dir="ltr">
            {chainDateTime(window.fromMs, locale)} – {chainDateTime(window.untilMs, locale)}
          </dd>
          <dt>{t("vod.watch.rules")}</dt>
          <dd>{t("vod.watch.rulesText", { hours: VOD_WINDOW_HOURS, plays: VOD_PLAYBACK_LIMIT })}</dd>
          {ticket !== null ? (
            <>
              <dt>{t("vod.watch.price")}</dt>
              <dd data-testid="vod-price">{formatMoney(ticket.price, locale)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      {!onSale || ticket === null ? (
        <p className="vod-problem" role="alert" data-testid="vod-not-on-sale">
          {t("vod.errors.notOnSale")}
        </p>
      ) : customer === null ? (
        <section className="vod-card" aria-labelledby="vod-sign-in" data-testid="vod-sign-in">
          <h2 id="vod-sign-in" className="vod-card__title">
            {t("vod.watch.signInTitle")}
          </h2>
          <p className="vod-muted">{t("vod.watch.signInWhy")}</p>
          <SignInForm />
        </section>
      ) : (
        <BuyForm presentation={p} ticket={ticket} locale={locale} t={t} uuid={customer.uuid} />
      )}
      <p className="vod-muted">
        <Link to="/" search={{ lang: locale }}>
          {t("vod.backToWhatsOn")}
        </Link>
      </p>
    </div>
  )
}
