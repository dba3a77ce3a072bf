import { type FormEvent, useId, useState } from "react"
import type { LoyaltyMember } from "../../../api/TicketCodesApi.ts"
import type { Member } from "../../../domain/cart/facts.ts"
import { isValidIsraeliId } from "../../../domain/order/israeliId.ts"
import { LOYALTY_TICKETS_PER_ORDER } from "../../../domain/order/ticketRules.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import type { CodeCall } from "./codesClient.ts"

type Props = {
  /** the member the cart holds, if any */
  readonly member: Member | undefined
  /** points the seats' tickets spend now */
  readonly pointsUsed: number
  readonly onLookUp: (proof: {
    readonly memberNumber: string
    readonly ssn: string
  }) => Promise<CodeCall<LoyaltyMember>>
  readonly onLogIn: (member: LoyaltyMember) => Promise<void>
  readonly onRemove: (member: Member) => Promise<void>
  readonly locale: LocaleCode
  readonly t: Translate
}

/** A number typed digit by digit (member number, ID number): left to right in every locale, labelled. */
const DigitsInput = (props: {
  readonly name: string
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly invalid: boolean
  readonly describedBy: string
}) => (
  <input
    className="field__input"
    name={props.name}
    value={props.value}
    inputMode="numeric"
    autoComplete="off"
    dir="ltr"
    aria-label={props.label}
    placeholder={props.label}
    aria-invalid={props.invalid}
    aria-describedby={props.invalid ? props.describedBy : undefined}
    onChange={(event) => props.onChange(event.target.value)}
  />
)

/** What the login shows under its fields: translation keys only. */
type Problem =
  | "orderSteps.codes.invalidSSN"
  | "orderSteps.codes.memberExpired"
  | "orderSteps.codes.memberNotStarted"
  | "orderSteps.loyalty.notFound"
  | "orderSteps.loyalty.limited"
  | "orderSteps.codes.failed"

const problemOf = (answer: Exclude<CodeCall<LoyaltyMember>, { readonly _tag: "Ok" }>): Problem => {
  if (answer._tag === "Limited") return "orderSteps.loyalty.limited"
  if (answer._tag === "Failed") return "orderSteps.codes.failed"
  if (answer.msg === "memberExpired" || answer.msg === "memberNotStarted")
    return `orderSteps.codes.${answer.msg}`
  // an unknown number and a wrong ID number are one answer: the server does not say which
  return "orderSteps.loyalty.notFound"
}

/**
 * Loyalty login (spec §2 ticket type screen, §6 "member number (with SSN)", param 64): a member enters their
 * number and ID number, the server answers their name and points, and the cart log records them. Logged in, it
 * says so, with the points left and a way to remove the login.
 */
export const LoyaltyLogin = ({ member, pointsUsed, onLookUp, onLogIn, onRemove, locale, t }: Props) => {
  const id = useId()
  const [number, setNumber] = useState("")
  const [ssn, setSsn] = useState("")
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  const count = (n: number) => new Intl.NumberFormat(locale).format(n)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const typed = number.trim()
    if (typed === "" || busy) return
    if (!isValidIsraeliId(ssn)) {
      setProblem("orderSteps.codes.invalidSSN")
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      const answer = await onLookUp({ memberNumber: typed, ssn: ssn.trim() })
      if (answer._tag === "Ok") {
        await onLogIn(answer.value)
        setNumber("")
        setSsn("")
      } else setProblem(problemOf(answer))
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
  const described = { invalid: problem !== null, describedBy: messageId }
  return (
    <form
      className="code-entry loyalty"
      onSubmit={(event) => void submit(event)}
      data-testid="loyalty-login"
      aria-labelledby={`${id}-title`}
    >
      <p id={`${id}-title`} className="field__label">
        {t("orderSteps.loyalty.title")}
      </p>
      <span className="code-entry__row">
        <DigitsInput
          name="memberNumber"
          label={t("orderSteps.tickets.memberNumber")}
          value={number}
          onChange={setNumber}
          {...described}
        />
        <DigitsInput
          name="ssn"
          label={t("orderSteps.loyalty.ssn")}
          value={ssn}
          onChange={setSsn}
          {...described}
        />
        <button type="submit" className="button button--ghost" disabled={busy}>
          {busy ? t("orderSteps.tickets.checking") : t("orderSteps.loyalty.logIn")}
        </button>
      </span>
      <p id={messageId} className="field__error" role="alert" data-testid="loyalty-problem">
        {problem === null ? "" : t(problem)}
      </p>
    </form>
  )
}
