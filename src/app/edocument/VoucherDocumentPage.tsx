import { useQuery } from "@tanstack/react-query"
import { useEffect, useMemo, useState } from "react"
import { wallDate } from "../customer/area/areaView.ts"
import { formatLongDateTime, formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import { useDeviceCopyShown } from "../lib/deviceCopyShown.ts"
import { temporal } from "../lib/temporal.ts"
import { DocumentProblem, PassQr } from "./DocumentParts.tsx"
import { qrImage } from "./qrImage.ts"
import { useVoucherDocument } from "./useVoucherDocument.ts"
import { chainDayOf, voucherAsOf } from "./voucherAsOf.ts"
import "../order/order.css"
import "./edocument.css"

type Props = { readonly documentKey: string; readonly locale: LocaleCode }

/**
 * Spec §2 `/edocument/{documentKey}` for a voucher's key (issue 16: each issued voucher has its own page): what a
 * gift card shows, to be passed on alone. The code (and its QR, config param 670, for the box office's scanner),
 * what the voucher is, what is left of it, its valid days and its spec §4 state.
 */
export const VoucherDocumentPage = ({ documentKey, locale }: Props) => {
  const t = useT()
  const state = useVoucherDocument(documentKey, locale)
  const config = useQuery(configQueryOptions())
  const showQr = config.data?.params["670"] ?? true
  // the page's day: a saved copy opened after the voucher's last day says expired, as the server would
  const [today] = useState(() => chainDayOf(Date.now()))
  const told = state.kind === "shown" ? state.confirmation : undefined
  const voucher = useMemo(() => (told === undefined ? undefined : voucherAsOf(told, today)), [told, today])
  // the cart log opens after this (src/app/main.tsx), as on the e-ticket: the code comes first
  useDeviceCopyShown(state.kind !== "loading")
  const qr = useMemo(() => (voucher === undefined ? null : qrImage(voucher.reference)), [voucher])

  useEffect(() => {
    document.title = [t("edocument.voucher.kicker"), voucher?.benefitName, t("app.brand")]
      .filter((part) => part !== undefined)
      .join(" · ")
  }, [t, voucher?.benefitName])

  if (state.kind === "loading") return <p className="order__notice">{t("status.loading")}</p>
  if (state.kind !== "shown" || voucher === undefined)
    return (
      <DocumentProblem
        title={t("edocument.voucher.kicker")}
        text={state.kind === "missing" ? t("edocument.voucher.missing") : t("edocument.voucher.unavailable")}
        locale={locale}
        t={t}
      />
    )

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
      {state.savedAt !== null ? (
        <p className="order__notice" role="status" data-testid="edocument-saved">
          {t("edocument.saved", {
            time: formatLongDateTime(temporal(), new Date(state.savedAt).toISOString(), locale),
          })}
        </p>
      ) : null}
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
