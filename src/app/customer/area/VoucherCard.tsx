import { useQuery, useQueryClient } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useState } from "react"
import type { AreaSystemVoucher } from "../../../api/CustomerAreaApi.ts"
import { displayOrderIdentifier } from "../../../domain/order/orderIdentifier.ts"
import { formatMoney } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { AreaDialog } from "./AreaDialog.tsx"
import { AREA_KEY, cancelVoucher, fetchVoucherHistory, replaceVoucher, voucherHistoryKey } from "./areaApi.ts"
import { type VoucherProblem, voucherAmount, voucherProblemOf, wallDate } from "./areaView.ts"

type Action = "cancel" | "replace"

/**
 * A system voucher (spec §3, §4): its code, benefit, amounts, validity and state; its history on demand; cancel
 * and "make a replacement", each confirmed first, with the SYSTEM_VOUCHER_ refusals in words.
 */
export const VoucherCard = ({
  voucher,
  uuid,
  locale,
  t,
}: {
  readonly voucher: AreaSystemVoucher
  readonly uuid: string
  readonly locale: string
  readonly t: Translate
}) => {
  const v = voucher
  const queryClient = useQueryClient()
  const [historyOpen, setHistoryOpen] = useState(false)
  const [action, setAction] = useState<Action | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<VoucherProblem | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const money = (agorot: number) => formatMoney(agorot, locale)
  const amount = (value: number) => voucherAmount(v, value, money)
  const history = useQuery({
    queryKey: voucherHistoryKey(uuid, v.reference),
    queryFn: ({ signal }) => fetchVoucherHistory(v.reference, locale, signal),
    enabled: historyOpen,
  })

  const run = async (which: Action) => {
    setBusy(true)
    setProblem(null)
    try {
      if (which === "cancel") {
        const answer = await cancelVoucher(v.reference)
        if (answer.ok && answer.body !== null)
          setDone(t("customerArea.voucher.cancelled", { amount: money(answer.body.refundAmount) }))
        else setProblem(voucherProblemOf(answer.body))
      } else {
        const answer = await replaceVoucher(v.reference)
        if (answer.ok && answer.body !== null)
          setDone(
            t("customerArea.voucher.replaced", {
              code: v.reference,
              from: wallDate(answer.body.StartDate),
              until: wallDate(answer.body.EndDate),
            }),
          )
        else setProblem(voucherProblemOf(answer.body))
      }
    } catch {
      setProblem("other")
    } finally {
      setBusy(false)
      setAction(null)
      await queryClient.invalidateQueries({ queryKey: [AREA_KEY, uuid] })
    }
  }

  return (
    <article className="area-card" data-testid="voucher" data-voucher={v.reference} data-state={v.state}>
      <header className="area-card__head">
        <h3 className="area-card__title">{v.benefitName}</h3>
        <span className={`area-badge area-badge--${v.state}`} data-testid="voucher-state">
          {t(`customerArea.voucher.states.${v.state}`)}
        </span>
      </header>
      <p className="area-card__line">
        {t("customerArea.voucher.code")} <bdi className="area-code">{v.reference}</bdi>
      </p>
      <dl className="area-facts">
        <dt>{t("customerArea.voucher.balance")}</dt>
        <dd>{amount(v.balance)}</dd>
        <dt>{t(v.kind === "money" ? "customerArea.voucher.value" : "customerArea.voucher.ticketsBought")}</dt>
        <dd>{amount(v.quantity)}</dd>
        <dt>{t("customerArea.voucher.redeemed")}</dt>
        <dd>{amount(v.redeemed)}</dd>
        <dt>{t("customerArea.voucher.validity")}</dt>
        <dd>
          {wallDate(v.StartDate)} – {wallDate(v.EndDate)}
        </dd>
        <dt>{t("customerArea.voucher.purchased")}</dt>
        <dd>{wallDate(v.purchasedAt)}</dd>
      </dl>
      {v.isPartiallyRedeemed && v.state !== "partiallyRedeemed" ? (
        <p className="area-muted">{t("customerArea.voucher.states.partiallyRedeemed")}</p>
      ) : null}
      {v.IsForReplacement && v.DateTimeCreated !== null ? (
        <p className="area-muted" data-testid="voucher-replaced-on">
          {t("customerArea.voucher.replacedOn", { date: wallDate(v.DateTimeCreated) })}
        </p>
      ) : null}
      <div className="area-actions">
        {v.eDocumentUrl === undefined ? null : (
          // the voucher's own page (issue 16): to show at the box office, or to pass on as a gift
          <Link
            to="/edocument/$documentKey"
            params={{ documentKey: v.eDocumentUrl.slice(v.eDocumentUrl.lastIndexOf("/") + 1) }}
            search={{ lang: locale as LocaleCode }}
            className="button button--ghost"
            data-testid="voucher-document"
          >
            {t("customerArea.voucher.open")}
          </Link>
        )}
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={historyOpen}
          onClick={() => setHistoryOpen(!historyOpen)}
          data-testid="voucher-history-toggle"
        >
          {t(historyOpen ? "customerArea.voucher.hideHistory" : "customerArea.voucher.showHistory")}
        </button>
        {v.isReplaceable ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setAction("replace")}
            data-testid="voucher-replace"
          >
            {t("customerArea.voucher.replace")}
          </button>
        ) : null}
        {v.isCancellable ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setAction("cancel")}
            data-testid="voucher-cancel"
          >
            {t("customerArea.voucher.cancel")}
          </button>
        ) : null}
      </div>
      <div aria-live="polite">
        {done !== null ? (
          <p className="area-notice" role="status" data-testid="voucher-done">
            {done}
          </p>
        ) : null}
        {problem !== null ? (
          <p className="area-problem" role="alert" data-testid="voucher-problem">
            {t(`customerArea.voucher.errors.${problem}`)}
          </p>
        ) : null}
      </div>
      {historyOpen ? (
        <section className="area-history" data-testid="voucher-history">
          <h4>{t("customerArea.voucher.historyTitle")}</h4>
          {history.isPending ? <p className="area-muted">{t("customerArea.loading")}</p> : null}
          {history.isError ? <p className="area-problem">{t("customerArea.voucher.errors.other")}</p> : null}
          {history.data?.entries.length === 0 ? (
            <p className="area-muted">{t("customerArea.voucher.historyEmpty")}</p>
          ) : null}
          <ul>
            {history.data?.entries.map((entry) => (
              <li key={`${entry.DateTime}-${entry.kind}-${entry.amount}`}>
                <span>{wallDate(entry.DateTime)}</span>
                <span>{t(`customerArea.voucher.historyKinds.${entry.kind}`)}</span>
                <span>{amount(entry.amount)}</span>
                {entry.reservationIdentifier !== null ? (
                  <span className="area-muted">
                    {t("customerArea.reservation.number", {
                      number: displayOrderIdentifier(entry.reservationIdentifier),
                    })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {action !== null ? (
        <AreaDialog
          title={t(action === "cancel" ? "customerArea.voucher.cancel" : "customerArea.voucher.replace")}
          onClose={() => setAction(null)}
          testId="voucher-dialog"
        >
          <p>
            {t(
              action === "cancel"
                ? "customerArea.voucher.cancelQuestion"
                : "customerArea.voucher.replaceQuestion",
              { code: v.reference },
            )}
          </p>
          <div className="area-actions">
            <button
              type="button"
              className={`button ${action === "cancel" ? "button--danger" : "button--primary"}`}
              onClick={() => void run(action)}
              disabled={busy}
              data-testid="voucher-confirm"
            >
              {t(action === "cancel" ? "customerArea.voucher.cancelYes" : "customerArea.voucher.replaceYes")}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setAction(null)}
              disabled={busy}
            >
              {t("customerArea.voucher.keep")}
            </button>
          </div>
        </AreaDialog>
      ) : null}
    </article>
  )
}
