import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useId, useMemo, useState, useSyncExternalStore } from "react"
import type { MagCard } from "../../api/CustomerApi.ts"
import {
  askLoginCode,
  confirmLoginCode,
  fetchSavedCards,
  type LoginProblem,
  logoutCustomer,
  parseCustomer,
  storedCustomerText,
  subscribeCustomer,
} from "../customer/customerSession.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"

/**
 * Saved cards on the pay step (spec §2 "payment dialogs: saved cards"): a customer logs in with their mobile
 * number and an SMS code, then pays with a card the provider kept for them (only its CVV is asked, on the
 * provider's page) or with a new one they may ask to keep. The card itself never reaches this page.
 */

export interface CardChoice {
  /** a saved card's id, or null for a new card */
  readonly savedCardId: string | null
  /** keep the new card for next time (`saveMagCard`); only a logged-in customer can */
  readonly saveCard: boolean
}

type Props = {
  /** the presentation's cinema: its card provider decides which saved cards can pay */
  readonly locationId: number
  readonly choice: CardChoice
  readonly onChoice: (choice: CardChoice) => void
  readonly disabled: boolean
  /** the site's `saveCard` flag (spec §9: off): whether a new card may be kept for next time */
  readonly offerSaving: boolean
  readonly locale: LocaleCode
  readonly t: Translate
}

const savedCardsKey = (uuid: string | undefined, locationId: number) =>
  ["customer", "savedCards", uuid, { locationId }] as const

const cardLabel = (card: MagCard) =>
  `${card.brand.toUpperCase()} •••• ${card.last4} · ${String(card.expMonth).padStart(2, "0")}/${String(card.expYear).slice(-2)}`

export const SavedCards = ({ locationId, choice, onChoice, disabled, offerSaving, locale, t }: Props) => {
  const stored = useSyncExternalStore(subscribeCustomer, storedCustomerText, () => null)
  const customer = useMemo(() => parseCustomer(stored), [stored])
  const id = useId()
  const queryClient = useQueryClient()
  const cards = useQuery({
    queryKey: savedCardsKey(customer?.uuid, locationId),
    queryFn: ({ signal }) => fetchSavedCards(locationId, signal),
    enabled: customer !== null,
  })

  if (customer === null)
    return <CustomerLogin locale={locale} t={t} disabled={disabled} onLoggedIn={() => undefined} />

  const list = cards.data ?? []
  const logout = async () => {
    onChoice({ savedCardId: null, saveCard: false })
    await logoutCustomer()
    queryClient.removeQueries({ queryKey: ["customer"] })
  }

  return (
    <fieldset className="pay-saved" disabled={disabled} data-testid="saved-cards">
      <legend className="pay-section__subtitle">{t("payment.savedCards.legend")}</legend>
      <p className="pay-hint">
        {t("payment.savedCards.loggedInAs", { mobile: customer.mobileNumber })}{" "}
        <button type="button" className="link-button" onClick={() => void logout()}>
          {t("payment.savedCards.logout")}
        </button>
      </p>
      {cards.isError ? <p className="pay-problem">{t("payment.savedCards.loadFailed")}</p> : null}
      <div className="pay-methods__list">
        {list.map((card) => (
          <label key={card.id} className="pay-method" data-checked={choice.savedCardId === card.id}>
            <input
              type="radio"
              name={`${id}-card`}
              checked={choice.savedCardId === card.id}
              onChange={() => onChoice({ savedCardId: card.id, saveCard: false })}
            />
            <span dir="ltr">{cardLabel(card)}</span>
          </label>
        ))}
        <label className="pay-method" data-checked={choice.savedCardId === null}>
          <input
            type="radio"
            name={`${id}-card`}
            checked={choice.savedCardId === null}
            onChange={() => onChoice({ savedCardId: null, saveCard: choice.saveCard })}
          />
          <span>{t("payment.savedCards.newCard")}</span>
        </label>
      </div>
      {choice.savedCardId === null ? (
        offerSaving ? (
          <label className="pay-terms__label">
            <input
              type="checkbox"
              checked={choice.saveCard}
              onChange={(event) => onChoice({ savedCardId: null, saveCard: event.target.checked })}
              data-testid="save-card"
            />
            <span>{t("payment.savedCards.saveNew")}</span>
          </label>
        ) : null
      ) : (
        <p className="pay-hint">{t("payment.savedCards.cvvOnly")}</p>
      )}
    </fieldset>
  )
}

/** Mobile number, then the code the SMS brings: the spec's mobile login, as checkout offers it. */
const CustomerLogin = ({
  locale,
  t,
  disabled,
  onLoggedIn,
}: {
  readonly locale: LocaleCode
  readonly t: Translate
  readonly disabled: boolean
  readonly onLoggedIn: () => void
}) => {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [mobile, setMobile] = useState("")
  const [code, setCode] = useState("")
  const [codeSent, setCodeSent] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<LoginProblem | "network" | null>(null)

  const run = async (action: () => Promise<LoginProblem | null>, after: () => void) => {
    setBusy(true)
    setProblem(null)
    try {
      const refused = await action()
      if (refused === null) after()
      else setProblem(refused)
    } catch {
      setProblem("network")
    } finally {
      setBusy(false)
    }
  }

  if (!open)
    return (
      <p className="pay-hint">
        <button
          type="button"
          className="link-button"
          onClick={() => setOpen(true)}
          disabled={disabled}
          data-testid="login-open"
        >
          {t("payment.savedCards.loginOffer")}
        </button>
      </p>
    )

  return (
    <form
      className="pay-login"
      data-testid="customer-login"
      onSubmit={(event) => {
        event.preventDefault()
        if (!codeSent)
          void run(
            () => askLoginCode(mobile, locale),
            () => setCodeSent(true),
          )
        else void run(() => confirmLoginCode(mobile, code), onLoggedIn)
      }}
    >
      <p className="pay-section__subtitle">{t("payment.savedCards.loginTitle")}</p>
      <label className="pay-field">
        <span>{t("payment.savedCards.mobile")}</span>
        <input
          id={`${id}-mobile`}
          className="pay-input"
          dir="ltr"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={mobile}
          onChange={(event) => setMobile(event.target.value)}
          disabled={codeSent || busy}
          required
        />
      </label>
      {codeSent ? (
        <label className="pay-field">
          <span>{t("payment.savedCards.code")}</span>
          <input
            className="pay-input"
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            disabled={busy}
            required
          />
        </label>
      ) : null}
      {codeSent ? <p className="pay-hint">{t("payment.savedCards.codeSent")}</p> : null}
      {problem !== null ? (
        <p className="pay-problem" role="alert" data-testid="login-problem">
          {t(`payment.savedCards.problems.${problem}`)}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy || disabled} data-testid="login-submit">
        {codeSent ? t("payment.savedCards.login") : t("payment.savedCards.sendCode")}
      </button>
    </form>
  )
}
