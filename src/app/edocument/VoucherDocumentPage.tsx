import { queryOptions, useQuery } from "@tanstack/react-query"
import { useEffect, useMemo } from "react"
import type { VoucherDocument } from "../../api/ReservationsApi.ts"
import { wallDate } from "../customer/area/areaView.ts"
import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { ApiError, apiGet } from "../lib/api.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import { DocumentProblem, PassQr } from "./DocumentParts.tsx"
import { qrImage } from "./qrImage.ts"
import "../order/order.css"
import "./edocument.css"

/** One issued voucher by its key (`GET /api/edocuments/vouchers/{key}`), kept with the persisted queries. */
export const voucherDocumentQueryOptions = (key: string, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["edocuments", "voucher", key, { lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<VoucherDocument>(`/edocuments/vouchers/${encodeURIComponent(key)}`, { lang: locale }, signal),
    // the balance moves when the voucher pays: asked again on each visit, the saved copy shown meanwhile
    staleTime: 0,
    meta: { persist: true },
  })

type Props = { readonly documentKey: string; readonly locale: LocaleCode }

/**
 * Spec §2 `/edocument/{documentKey}` for a voucher's key (issue 16: each issued voucher has its own page): what a
 * gift card shows, to be passed on alone. The code (and its QR, config param 670, for the box office's scanner),
 * what the voucher is, what is left of it, its valid days and its spec §4 state.
 */
export const VoucherDocumentPage = ({ documentKey, locale }: Props) => {
  const t = useT()
  const query = useQuery(voucherDocumentQueryOptions(documentKey, locale))
  const config = useQuery(configQueryOptions())
  const showQr = config.data?.params["670"] ?? true
  const voucher = query.data
  const qr = useMemo(() => (voucher === undefined ? null : qrImage(voucher.reference)), [voucher])

  useEffect(() => {
    document.title = [t("edocument.voucher.kicker"), voucher?.benefitName, t("app.brand")]
      .filter((part) => part !== undefined)
      .join(" · ")
  }, [t, voucher?.benefitName])

  if (voucher === undefined) {
    if (!query.isError) return <p className="order__notice">{t("status.loading")}</p>
    const missing = query.error instanceof ApiError && query.error.status === 404
    return (
      <DocumentProblem
        title={t("edocument.voucher.kicker")}
        text={missing ? t("edocument.voucher.missing") : t("edocument.voucher.unavailable")}
        locale={locale}
        t={t}
      />
    )
  }

  const amount = (value: number) => (voucher.kind === "money" ? formatMoney(value, locale) : String(value))
  return (
    <article className="order eticket" data-testid="voucher-document">
      <header className="eticket__head">
        <p className="eticket__kicker">{t("edocument.voucher.kicker")}</p>
        <h1 className="order__title eticket__feature">{voucher.benefitName}</h1>
        <p className="eticket__when" data-testid="voucher-document-state" data-state={voucher.state}>
          {t(`customerArea.voucher.states.${voucher.state}`)}
        </p>
      </header>
      <section className="eticket__pass" aria-label={t("customerArea.voucher.code")}>
        {showQr && qr !== null ? (
          <PassQr src={qr} alt={t("edocument.voucher.hint")} testId="voucher-document-qr" />
        ) : null}
        <p className="eticket__label">{t("customerArea.voucher.code")}</p>
        <p className="eticket__number" dir="ltr" data-testid="voucher-document-code">
          {voucher.reference}
        </p>
        <p className="eticket__hint">{t("edocument.voucher.hint")}</p>
      </section>
      <dl className="eticket__facts">
        <dt>{t("customerArea.voucher.balance")}</dt>
        <dd data-testid="voucher-document-balance">{amount(voucher.balance)}</dd>
        <dt>
          {voucher.kind === "money"
            ? t("customerArea.voucher.value")
            : t("customerArea.voucher.ticketsBought")}
        </dt>
        <dd>{amount(voucher.quantity)}</dd>
        <dt>{t("customerArea.voucher.validity")}</dt>
        <dd data-testid="voucher-document-validity">
          <bdi dir="ltr">
            {wallDate(voucher.StartDate)} – {wallDate(voucher.EndDate)}
          </bdi>
        </dd>
        <dt>{t("customerArea.voucher.purchased")}</dt>
        <dd>
          <bdi dir="ltr">{wallDate(voucher.purchasedAt)}</bdi>
        </dd>
      </dl>
    </article>
  )
}
