import { useId, useState } from "react"
import type { DonationDetail } from "../../../api/ShopApi.ts"
import type { CartDonation } from "../../../domain/cart/state.ts"
import { formatMoney } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { parseShekels, shekelsText } from "../amountInput.ts"
import { Stepper } from "../Stepper.tsx"

/** The most a custom donation may be (agorot), as the commit accepts (src/server/.../donationsOrder.ts). */
export const MAX_CUSTOM_DONATION = 5_000_000
export const MAX_DONATION_QUANTITY = 10

type Props = {
  readonly name: string
  readonly detail: DonationDetail
  readonly line: CartDonation | undefined
  readonly busy: boolean
  readonly onSet: (customAmount: number, quantity: number) => void
  readonly onProblem: (problem: boolean) => void
  readonly locale: LocaleCode
  readonly t: Translate
}

/** A donation of the donor's own amount: at least the detail's least, then a quantity. */
export const CustomDonation = ({ name, detail, line, busy, onSet, onProblem, locale, t }: Props) => {
  const id = useId()
  const min = detail.minCustom ?? 1
  const [typed, setTyped] = useState(line?.customAmount == null ? "" : shekelsText(line.customAmount))
  const amount = parseShekels(typed)
  const valid = amount !== null && amount >= min && amount <= MAX_CUSTOM_DONATION
  const problem = typed.trim() !== "" && !valid
  const quantity = line?.quantity ?? 0

  const onType = (text: string) => {
    setTyped(text)
    const next = parseShekels(text)
    const ok = next !== null && next >= min && next <= MAX_CUSTOM_DONATION
    onProblem(text.trim() !== "" && !ok)
    if (quantity > 0) onSet(ok ? next : (line?.customAmount ?? min), ok ? quantity : 0)
  }

  return (
    <div className="shop-item__row">
      <div className="shop-item__amount">
        <label htmlFor={`${id}-amount`}>
          {t("shop.donations.custom", { min: formatMoney(min, locale) })}
        </label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={typed}
          onChange={(event) => onType(event.target.value)}
          aria-invalid={problem}
          aria-describedby={problem ? `${id}-problem` : undefined}
          data-testid="donation-amount"
        />
        {problem ? (
          <p id={`${id}-problem`} className="shop-item__problem" data-testid="donation-amount-problem">
            {t("shop.donations.amountOutOfRange", {
              min: formatMoney(min, locale),
              max: formatMoney(MAX_CUSTOM_DONATION, locale),
            })}
          </p>
        ) : null}
      </div>
      <Stepper
        name={name}
        quantity={quantity}
        canAdd={valid && quantity < MAX_DONATION_QUANTITY}
        busy={busy}
        onChange={(q) => amount !== null && valid && onSet(amount, q)}
        t={t}
        testId="donation-quantity"
      />
    </div>
  )
}
