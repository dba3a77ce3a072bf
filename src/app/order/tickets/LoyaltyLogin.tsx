import { type FormEvent, useId, useState } from "react"
import type { LoyaltyMember, TicketCodeProblem } from "../../../api/PresentationsApi.ts"
import type { Member } from "../../../domain/cart/facts.ts"
import { LOYALTY_TICKETS_PER_ORDER } from "../../../domain/order/ticketRules.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import type { CodeCall } from "./codesClient.ts"

type Props = {
  /** the member the cart holds, if any */
  readonly member: Member | undefined
  /** points the seats' tickets spend now */
  readonly pointsUsed: number
  readonly onLookUp: (memberNumber: string) => Promise<CodeCall<LoyaltyMember>>
  readonly onLogIn: (member: LoyaltyMember) => Promise<void>
  readonly onRemove: (member: Member) => Promise<void>
  readonly locale: LocaleCode
  readonly t: Translate
}

/**
 * Loyalty login by member number (spec §2 ticket type screen, param 64): a member enters their number, the
 * server answers their name and points, and the cart log records them. Logged in, it says so, with the points
 * left and a way to remove the login.
 */
export const LoyaltyLogin = ({ member, pointsUsed, onLookUp, onLogIn, onRemove, locale, t }: Props) => {
  const id = useId()
  const [number, setNumber] = useState("")
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<TicketCodeProblem | "failed" | null>(null)
  const count = (n: number) => new Intl.NumberFormat(locale).format(n)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const typed = number.trim()
    if (typed === "" || busy) return
    setBusy(true)
    setProblem(null)
    try {
      const answer = await onLookUp(typed)
      if (answer._tag === "Ok") {
        await onLogIn(answer.value)
        setNumber("")
      } else setProblem(answer._tag === "Refused" ? answer.msg : "failed")
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    if (member === undefined || busy) return
    setBusy(true)
    try {
      await onRemove(member)
    } finally {
      setBusy(false)
    }
  }

  if (member !== undefined) {
    const points = member.pointsBalance ?? 0
    return (
      <section className="code-entry loyalty" data-testid="loyalty-member" aria-labelledby={`${id}-title`}>
        <p id={`${id}-title`} className="loyalty__who" role="status">
          {t("orderSteps.loyalty.loggedIn", {
            name: member.memberCustomerName ?? member.memberNumber,
            points: count(points),
          })}
        </p>
        {pointsUsed > 0 ? (
          <p className="ticket-seat__note" data-testid="loyalty-points-left">
            {t("orderSteps.loyalty.pointsLeft", {
              used: count(pointsUsed),
              left: count(Math.max(0, points - pointsUsed)),
            })}
          </p>
        ) : null}
        <p className="ticket-seat__note">
          {member.allowMemberSaleTickets
            ? t("orderSteps.loyalty.memberPrices", { n: LOYALTY_TICKETS_PER_ORDER })
            : t("orderSteps.loyalty.noMemberPrices")}
        </p>
        <div className="basket__actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => void remove()}
            data-testid="loyalty-remove"
          >
            {t("orderSteps.loyalty.remove")}
          </button>
        </div>
      </section>
    )
  }

  const messageId = `${id}-message`
  return (
    <form className="code-entry loyalty" onSubmit={(event) => void submit(event)} data-testid="loyalty-login">
      <label className="field">
        <span className="field__label">{t("orderSteps.loyalty.title")}</span>
        <span className="code-entry__row">
          <input
            className="field__input"
            name="memberNumber"
            value={number}
            inputMode="numeric"
            autoComplete="off"
            aria-label={t("orderSteps.tickets.memberNumber")}
            aria-invalid={problem !== null}
            aria-describedby={problem !== null ? messageId : undefined}
            onChange={(event) => setNumber(event.target.value)}
          />
          <button type="submit" className="button button--ghost" disabled={busy}>
            {busy ? t("orderSteps.tickets.checking") : t("orderSteps.loyalty.logIn")}
          </button>
        </span>
      </label>
      <p id={messageId} className="field__error" role="alert" data-testid="loyalty-problem">
        {problem === null ? "" : t(`orderSteps.codes.${problem}`)}
      </p>
    </form>
  )
}
