import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import type { AreaReservation } from "../../../api/CustomerAreaApi.ts"
import type { CancelReservationResult } from "../../../api/CustomerAreaCancellationApi.ts"
import { formatMoney } from "../../i18n/format.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { AreaDialog } from "./AreaDialog.tsx"
import { AREA_KEY, cancelReservation, fetchQuote, quoteKey } from "./areaApi.ts"
import {
  type CancelProblem,
  cancellableTickets,
  cancelProblemOf,
  itemsToCancel,
  quoteWidensChoice,
} from "./areaView.ts"
import { seatText } from "./seatText.ts"

/**
 * Cancelling a reservation, whole or some tickets (spec §7, §9): the customer picks tickets and where the refund
 * goes, sees the server's quote (the tickets' price, the cancellation service charge, what comes back), and only
 * then confirms. The cancel sends the same choice the quote was asked for.
 */
export const CancelDialog = ({
  reservation,
  uuid,
  locale,
  t,
  onClose,
}: {
  readonly reservation: AreaReservation
  readonly uuid: string
  readonly locale: string
  readonly t: Translate
  readonly onClose: () => void
}) => {
  const queryClient = useQueryClient()
  const tickets = cancellableTickets(reservation)
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(tickets.map((x) => x.ticketIdentifier)),
  )
  const [toCredit, setToCredit] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<CancelProblem | null>(null)
  const [result, setResult] = useState<CancelReservationResult | null>(null)
  const items = itemsToCancel(reservation, chosen)
  const money = (agorot: number) => formatMoney(agorot, locale)

  const quote = useQuery({
    queryKey: quoteKey(uuid, reservation.reservationIdentifier, items ?? undefined, toCredit, locale),
    queryFn: ({ signal }) =>
      fetchQuote(reservation.reservationIdentifier, items ?? undefined, toCredit, locale, signal),
    enabled: items !== null && result === null,
    staleTime: 0,
    gcTime: 0,
  })
  const quoted = quote.data?.ok === true ? quote.data.body : null
  const quoteProblem = quote.data !== undefined && !quote.data.ok ? cancelProblemOf(quote.data.body) : null
  const cardRefundable = quoted?.originalPaymentRefundable ?? quoteProblem !== "BALANCE_IS_DUE"

  const toggle = (id: string) => {
    const next = new Set(chosen)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setChosen(next)
    setProblem(null)
  }

  const confirm = async () => {
    if (items === null || quoted === null) return
    setBusy(true)
    setProblem(null)
    try {
      const answer = await cancelReservation(reservation.reservationIdentifier, items, toCredit)
      if (answer.ok && answer.body !== null) setResult(answer.body)
      else setProblem(cancelProblemOf(answer.body))
    } catch {
      setProblem("other")
    } finally {
      setBusy(false)
      // the list shows what the server now holds, whichever way the cancel went
      await queryClient.invalidateQueries({ queryKey: [AREA_KEY, uuid, "data"] })
    }
  }

  const shownProblem = problem ?? quoteProblem
  const title = t("customerArea.cancel.title", { feature: reservation.presentation.featureName })

  if (result !== null)
    return (
      <AreaDialog title={title} onClose={onClose} testId="cancel-dialog">
        <p role="status" className="area-notice" data-testid="cancel-done">
          {t(
            result.refundMethod === "transactionCredit"
              ? "customerArea.cancel.doneCredit"
              : "customerArea.cancel.doneCard",
            { amount: money(result.refundAmount), count: result.cancelledItems.length },
          )}
        </p>
        <div className="area-actions">
          {/* biome-ignore lint/a11y/noAutofocus: the confirm button is gone; focus moves to the way out */}
          <button type="button" className="button button--primary" onClick={onClose} autoFocus>
            {t("customerArea.close")}
          </button>
        </div>
      </AreaDialog>
    )

  return (
    <AreaDialog title={title} onClose={onClose} testId="cancel-dialog">
      <fieldset className="area-fieldset">
        <legend>{t("customerArea.cancel.chooseTickets")}</legend>
        {tickets.map((ticket) => (
          <label key={ticket.ticketIdentifier} className="area-check">
            <input
              type="checkbox"
              checked={chosen.has(ticket.ticketIdentifier)}
              onChange={() => toggle(ticket.ticketIdentifier)}
              disabled={busy}
              data-testid="cancel-ticket"
            />
            <span>
              {ticket.ticketName} · {seatText(ticket, t)} · {money(ticket.price)}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="area-fieldset">
        <legend>{t("customerArea.cancel.refundTo")}</legend>
        <label className="area-check">
          <input
            type="radio"
            name="refund-to"
            checked={!toCredit}
            onChange={() => setToCredit(false)}
            disabled={busy || !cardRefundable}
            data-testid="refund-card"
          />
          <span>{t("customerArea.cancel.toCard")}</span>
        </label>
        <label className="area-check">
          <input
            type="radio"
            name="refund-to"
            checked={toCredit}
            onChange={() => setToCredit(true)}
            disabled={busy}
            data-testid="refund-credit"
          />
          <span>{t("customerArea.cancel.toCredit")}</span>
        </label>
      </fieldset>

      <div aria-live="polite" data-testid="cancel-quote">
        {items === null ? <p className="area-problem">{t("customerArea.cancel.noneChosen")}</p> : null}
        {items !== null && quote.isPending ? (
          <p className="area-muted">{t("customerArea.cancel.quoting")}</p>
        ) : null}
        {/* before the sums, which are the whole enrolment's */}
        {quoted !== null && quoteWidensChoice(items, quoted.items) ? (
          <p className="area-notice" role="status" data-testid="cancel-whole-enrolment">
            {t("customerArea.cancel.wholeEnrolment")}
          </p>
        ) : null}
        {quoted !== null ? (
          <dl className="area-sums">
            <dt>{t("customerArea.cancel.ticketsAmount")}</dt>
            <dd>{money(quoted.ticketsAmount)}</dd>
            <dt>{t("customerArea.cancel.charge")}</dt>
            <dd data-testid="cancel-charge">{money(quoted.cancellationCharge)}</dd>
            <dt className="area-sums__total">{t("customerArea.cancel.refund")}</dt>
            <dd className="area-sums__total" data-testid="cancel-refund">
              {money(quoted.refundAmount)}
            </dd>
          </dl>
        ) : null}
        {quoted !== null ? <p className="area-muted">{t("customerArea.cancel.bookingFeeKept")}</p> : null}
        {shownProblem !== null ? (
          <p className="area-problem" role="alert" data-testid="cancel-problem" data-problem={shownProblem}>
            {t(`customerArea.cancel.errors.${shownProblem}`)}
          </p>
        ) : null}
        {quote.isError ? (
          <p className="area-problem" role="alert">
            {t("customerArea.cancel.errors.other")}
          </p>
        ) : null}
      </div>

      <div className="area-actions">
        <button
          type="button"
          className="button button--danger"
          onClick={() => void confirm()}
          disabled={busy || quoted === null || problem === "NOTHING_TO_CANCEL"}
          data-testid="cancel-confirm"
        >
          {t("customerArea.cancel.confirm")}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
          {t("customerArea.cancel.keep")}
        </button>
      </div>
    </AreaDialog>
  )
}
