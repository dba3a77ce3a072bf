import { Effect, Exit } from "effect"
import { type FormEvent, useId, useState } from "react"
import type { Cart } from "../../domain/cart/state.ts"
import type { CartLog } from "../cart/cartLog.ts"
import type { MessageKey } from "../i18n/dictionaries.ts"
import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import type { PaymentServices } from "./ports.ts"
import { browserLayer } from "./runtime.ts"
import { applyVoucher, removeVoucher } from "./voucher.ts"

type Props = {
  readonly log: CartLog
  readonly cart: Cart
  /** the voucher's part as the pay step computes it (booking fees included) */
  readonly amount: number
  readonly locale: LocaleCode
  readonly t: Translate
}

const errorKey = (error: { readonly _tag: string; readonly code?: string }): MessageKey => {
  if (error._tag === "VoucherRefused" && error.code !== undefined)
    return `payment.voucher.errors.${error.code as "codeNotFound"}`
  if (error._tag === "VoucherTooLate") return "payment.voucher.errors.tooLate"
  if (error._tag === "NetworkLost") return "payment.voucher.errors.network"
  return "payment.voucher.errors.generic"
}

/** Spec §5 voucher payment: one voucher pays the lesser of the order's total and its balance. */
export const VoucherEntry = ({ log, cart, amount, locale, t }: Props) => {
  const id = useId()
  const [reference, setReference] = useState("")
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<MessageKey | null>(null)
  const [benefit, setBenefit] = useState<string | null>(null)
  const locked = cart.reservation !== null || cart.commit?.status === "pending"
  const applied = cart.voucherPayment

  const run = async <A, E extends { readonly _tag: string }>(
    effect: Effect.Effect<A, E, PaymentServices>,
  ) => {
    setBusy(true)
    setProblem(null)
    const exit = await Effect.runPromiseExit(effect.pipe(Effect.provide(browserLayer(log, () => undefined))))
    setBusy(false)
    if (Exit.isFailure(exit)) {
      const error = Exit.findErrorOption(exit)
      setProblem(
        error._tag === "Some"
          ? errorKey(error.value as { _tag: string; code?: string })
          : "payment.voucher.errors.generic",
      )
      return undefined
    }
    return exit.value
  }

  const onApply = async (event: FormEvent) => {
    event.preventDefault()
    const result = await run(applyVoucher(reference))
    if (result !== undefined) {
      setBenefit(result.benefitName)
      setReference("")
    }
  }

  return (
    <section className="pay-section" aria-labelledby={`${id}-legend`} data-testid="voucher-entry">
      <h2 id={`${id}-legend`} className="pay-section__title">
        {t("payment.voucher.legend")}
      </h2>
      {applied !== null ? (
        <div className="pay-voucher__applied">
          <p data-testid="voucher-applied">
            {t("payment.voucher.applied", {
              name: benefit ?? applied.systemVoucher,
              amount: formatMoney(amount, locale),
            })}
          </p>
          {locked ? null : (
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => void run(removeVoucher())}
            >
              {t("payment.voucher.remove")}
            </button>
          )}
        </div>
      ) : (
        <form className="pay-voucher" onSubmit={(event) => void onApply(event)}>
          <label htmlFor={`${id}-code`}>{t("payment.voucher.label")}</label>
          <div className="pay-voucher__row">
            <input
              id={`${id}-code`}
              className="pay-input"
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              autoComplete="off"
              disabled={locked || busy}
              dir="ltr"
            />
            <button
              type="submit"
              className="button button--ghost"
              disabled={locked || busy || reference.trim() === ""}
            >
              {t("payment.voucher.apply")}
            </button>
          </div>
        </form>
      )}
      <div aria-live="polite">
        {problem !== null ? (
          <p className="pay-problem" data-testid="voucher-problem">
            {t(problem)}
          </p>
        ) : null}
      </div>
    </section>
  )
}
