import { useId, useState } from "react"
import type { Ticket, TicketGroup } from "../../../api/PresentationEntities.ts"
import type { SeatplanSeat } from "../../../api/SeatsApi.ts"
import type { TicketCodeProblem, TicketEligibility } from "../../../api/TicketCodesApi.ts"
import { isPaidWithPoints } from "../../../domain/cart/rules.ts"
import type { CartSeat } from "../../../domain/cart/state.ts"
import { formatMoney } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { partnerFor } from "../../lib/referral.ts"
import type { CodeCall, EligibilityDetail } from "./codesClient.ts"
import { findTicket } from "./ticketChoice.ts"

type Props = {
  readonly seat: CartSeat
  readonly planSeat: SeatplanSeat | undefined
  readonly groups: ReadonlyArray<TicketGroup>
  /** the seat whose ticket covers this one (the second seat of a sofa), if any */
  readonly coveredBy: CartSeat | undefined
  readonly confirmed: boolean
  readonly onConfirm: (confirmed: boolean) => void
  /** a plain ticket goes on the seat at once; one with a prompt after its detail is accepted */
  readonly onChoose: (
    ticket: Ticket,
    group: TicketGroup,
    eligibility: TicketEligibility | null,
  ) => Promise<void>
  readonly check: (ticket: Ticket, detail: EligibilityDetail) => Promise<CodeCall<TicketEligibility>>
  readonly onPending: (pending: boolean) => void
  /** the logged-in loyalty member's number: a member-only ticket is checked with it, no prompt */
  readonly loyaltyNumber: string | undefined
  /** paying this seat's ticket with the member's points; null where it cannot be (no member, another benefit) */
  readonly points: {
    readonly price: number
    readonly paying: boolean
    /** enough points left for this seat (always true while it already pays) */
    readonly affordable: boolean
    readonly onToggle: (pay: boolean) => Promise<void>
  } | null
  readonly locale: LocaleCode
  readonly t: Translate
}

const needsPrompt = (ticket: Ticket) => ticket.isMemberOnly || ticket.isSenior || ticket.requiresReference

/** One held seat and its ticket type: the chooser, the prompt a ticket needs, the seat's own confirmations. */
export const SeatTicketRow = ({
  seat,
  planSeat,
  groups,
  coveredBy,
  confirmed,
  onConfirm,
  onChoose,
  check,
  onPending,
  loyaltyNumber,
  points,
  locale,
  t,
}: Props) => {
  const id = useId()
  const money = (agorot: number) => formatMoney(agorot, locale)
  const current = seat.ticket
  const [pendingId, setPendingId] = useState<number | null>(null)
  const [detail, setDetail] = useState({
    memberNumber: "",
    memberSsn: "",
    ssn: "",
    // a partner's buyer checked a reference on the partner's mini-site (issue 19): it is offered again here
    reference1: partnerFor(seat.presentationId)?.reference?.reference1 ?? "",
    reference2: partnerFor(seat.presentationId)?.reference?.reference2 ?? "",
  })
  const [problem, setProblem] = useState<TicketCodeProblem | "failed" | null>(null)
  const [busy, setBusy] = useState(false)
  const pending = pendingId === null ? undefined : findTicket(groups, pendingId)
  const shown =
    pending?.ticket ?? (current === null ? undefined : findTicket(groups, current.ticketId)?.ticket)
  const label =
    seat.RowName === ""
      ? t("orderSteps.tickets.placeLabel", { seat: seat.SeatName })
      : t("orderSteps.tickets.seatLabel", { row: seat.RowName, seat: seat.SeatName })

  const select = async (ticketId: number) => {
    const found = findTicket(groups, ticketId)
    if (found === undefined) return
    setProblem(null)
    if (needsPrompt(found.ticket)) {
      setPendingId(ticketId)
      onPending(true)
      const onlyMember =
        found.ticket.isMemberOnly && !found.ticket.isSenior && !found.ticket.requiresReference
      if (onlyMember && loyaltyNumber !== undefined) {
        // the logged-in member's number goes first; a refusal leaves the prompt open with it filled in
        setDetail((typed) => ({ ...typed, memberNumber: loyaltyNumber }))
        await run(found, { memberNumber: loyaltyNumber })
      }
      return
    }
    setPendingId(null)
    onPending(false)
    await onChoose(found.ticket, found.group, null)
  }

  const run = async (
    entry: { readonly ticket: Ticket; readonly group: TicketGroup },
    extra: Parameters<Props["check"]>[1],
  ) => {
    setBusy(true)
    setProblem(null)
    try {
      const answer = await check(entry.ticket, extra)
      if (answer._tag === "Ok") {
        await onChoose(entry.ticket, entry.group, answer.value)
        setPendingId(null)
        onPending(false)
      } else setProblem(answer._tag === "Refused" ? answer.msg : "failed")
    } finally {
      setBusy(false)
    }
  }

  const apply = async () => {
    if (pending === undefined) return
    await run(pending, {
      // the holder's ID number proves the member is the buyer's; a member already proven in the cart needs none
      ...(pending.ticket.isMemberOnly
        ? {
            memberNumber: detail.memberNumber,
            ...(detail.memberSsn.trim() === "" ? {} : { memberSsn: detail.memberSsn }),
          }
        : {}),
      ...(pending.ticket.isSenior ? { ssn: detail.ssn } : {}),
      ...(pending.ticket.requiresReference
        ? { reference1: detail.reference1, reference2: detail.reference2 }
        : {}),
    })
  }

  const problemId = `${id}-problem`
  const field = (name: keyof typeof detail, text: string, inputMode: "numeric" | "text") => (
    <label className="field">
      <span className="field__label">{text}</span>
      <input
        className="field__input"
        name={name}
        value={detail[name]}
        inputMode={inputMode}
        autoComplete="off"
        aria-invalid={problem !== null}
        aria-describedby={problem !== null ? problemId : undefined}
        onChange={(event) => setDetail({ ...detail, [name]: event.target.value })}
      />
    </label>
  )

  return (
    <li className="ticket-seat" data-testid="ticket-seat" data-seat={`${seat.RowName}/${seat.SeatName}`}>
      <label className="ticket-seat__choose" htmlFor={`${id}-type`}>
        <span className="ticket-seat__name">{label}</span>
      </label>
      {coveredBy !== undefined && seat.isMultiplyFactorSubTicket ? (
        <p className="ticket-seat__note">
          {t("orderSteps.tickets.subTicket", { row: coveredBy.RowName, seat: coveredBy.SeatName })}
        </p>
      ) : null}
      <select
        id={`${id}-type`}
        className="field__input ticket-seat__select"
        value={pendingId ?? current?.ticketId ?? ""}
        onChange={(event) => void select(Number(event.target.value))}
      >
        {current === null && pendingId === null ? (
          <option value="">{t("orderSteps.summary.noTicket")}</option>
        ) : null}
        {groups.map((group) => (
          <optgroup key={`${group.id}:${group.sectionId ?? ""}`} label={group.name}>
            {group.tickets.map((ticket) => (
              <option key={ticket.id} value={ticket.id}>
                {t("orderSteps.tickets.option", { name: ticket.name, price: money(ticket.price) })}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {points !== null && pendingId === null ? (
        <label className="check" data-testid="pay-with-points">
          <input
            type="checkbox"
            checked={points.paying}
            disabled={busy || (!points.paying && !points.affordable)}
            onChange={(event) => {
              setBusy(true)
              void points.onToggle(event.target.checked).finally(() => setBusy(false))
            }}
          />
          <span>
            {points.paying || points.affordable
              ? t("orderSteps.tickets.payWithPoints", {
                  points: new Intl.NumberFormat(locale).format(points.price),
                })
              : t("orderSteps.tickets.notEnoughPoints", {
                  points: new Intl.NumberFormat(locale).format(points.price),
                })}
          </span>
        </label>
      ) : null}
      {current !== null && pendingId === null && current.oldPrice !== null && !isPaidWithPoints(current) ? (
        <p className="ticket-seat__note" data-testid="ticket-discount">
          {t(
            current.systemVoucher !== null
              ? "orderSteps.tickets.paidByVoucher"
              : "orderSteps.tickets.discounted",
            {
              code: current.systemVoucher ?? current.code ?? "",
              price: money(current.price),
              oldPrice: money(current.oldPrice),
            },
          )}
        </p>
      ) : null}
      {shown !== undefined && shown.serviceCharge > 0 && !seat.isMultiplyFactorSubTicket ? (
        <p className="ticket-seat__note">
          {t("orderSteps.tickets.serviceChargeNote", { amount: money(shown.serviceCharge) })}
        </p>
      ) : null}
      {shown !== undefined && shown.multiplyFactor > 1 ? (
        <p className="ticket-seat__note">
          {t("orderSteps.tickets.coversSeats", { n: shown.multiplyFactor })}
        </p>
      ) : null}
      {shown?.includes3DGlasses ? (
        <p className="ticket-seat__note" data-testid="glasses-note">
          {t("orderSteps.tickets.glasses")}
        </p>
      ) : null}
      {current?.memberNumber != null && !isPaidWithPoints(current) && pendingId === null ? (
        <p className="ticket-seat__note">
          {t("orderSteps.tickets.memberApplied", { number: current.memberNumber })}
        </p>
      ) : null}
      {current?.ref1 != null && pendingId === null ? (
        <p className="ticket-seat__note">
          {t("orderSteps.tickets.referenceApplied", { reference: current.ref1 })}
        </p>
      ) : null}
      {pending !== undefined ? (
        <div className="ticket-seat__prompt" data-testid="ticket-prompt">
          {pending.ticket.isMemberOnly ? (
            <>
              <p>{t("orderSteps.tickets.memberOnly")}</p>
              {field("memberNumber", t("orderSteps.tickets.memberNumber"), "numeric")}
              {field("memberSsn", t("orderSteps.tickets.memberSsn"), "numeric")}
            </>
          ) : null}
          {pending.ticket.isSenior ? (
            <>
              <p>{t("orderSteps.tickets.senior")}</p>
              {field("ssn", t("orderSteps.tickets.ssn"), "numeric")}
            </>
          ) : null}
          {pending.ticket.requiresReference ? (
            <>
              <p>{t("orderSteps.tickets.reference")}</p>
              {field("reference1", t("orderSteps.tickets.reference1"), "text")}
              {field("reference2", t("orderSteps.tickets.reference2"), "text")}
            </>
          ) : null}
          <div className="basket__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void apply()}
            >
              {busy ? t("orderSteps.tickets.checking") : t("orderSteps.tickets.apply")}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => {
                setPendingId(null)
                setProblem(null)
                onPending(false)
              }}
            >
              {t("orderSteps.tickets.cancel")}
            </button>
          </div>
          <p id={problemId} className="field__error" role="alert" data-testid="prompt-problem">
            {problem === null ? "" : t(`orderSteps.codes.${problem}`)}
          </p>
        </div>
      ) : null}
      {planSeat?.isHandicap || planSeat?.isLimitedView || planSeat?.isCompanion ? (
        <label className="check">
          <input
            type="checkbox"
            checked={confirmed}
            onChange={(event) => onConfirm(event.target.checked)}
            data-testid="seat-confirm"
          />
          <span>
            {planSeat.isLimitedView
              ? t("orderSteps.tickets.limitedView")
              : t("orderSteps.tickets.accessible")}
          </span>
        </label>
      ) : null}
    </li>
  )
}
