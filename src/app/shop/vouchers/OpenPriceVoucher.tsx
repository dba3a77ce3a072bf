import { useId, useState } from "react"
import type { SystemVoucherClass } from "../../../api/ShopApi.ts"
import type { CartSystemVoucher } from "../../../domain/cart/state.ts"
import { formatMoney } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { parseShekels, shekelsText } from "../amountInput.ts"
import { Stepper } from "../Stepper.tsx"

type Props = {
  readonly voucherClass: SystemVoucherClass
  readonly line: CartSystemVoucher | undefined
  readonly canAdd: boolean
  readonly busy: boolean
  /** the amount (agorot) and how many; quantity 0 takes the line out */
  readonly onSet: (price: number, quantity: number) => void
  /** whether the typed amount is one the class does not accept */
  readonly onProblem: (problem: boolean) => void
  readonly locale: LocaleCode
  readonly t: Translate
}

/**
 * An open-price voucher (spec §5): the buyer types an amount between the class's min and max, then a quantity.
 * The cart only ever holds an amount within the bounds: an amount typed out of them takes the line out.
 */
export const OpenPriceVoucher = ({
  voucherClass,
  line,
  canAdd,
  busy,
  onSet,
  onProblem,
  locale,
  t,
}: Props) => {
  const id = useId()
  const min = voucherClass.minPrice ?? 0
  const max = voucherClass.maxPrice ?? 0
  const [typed, setTyped] = useState(line === undefined ? "" : shekelsText(line.price))
  const amount = parseShekels(typed)
  const valid = amount !== null && amount >= min && amount <= max
  const problem = typed.trim() !== "" && !valid
  const quantity = line?.quantity ?? 0

  const onType = (text: string) => {
    setTyped(text)
    const next = parseShekels(text)
    const ok = next !== null && next >= min && next <= max
    onProblem(text.trim() !== "" && !ok)
    if (quantity > 0) onSet(ok ? next : (line?.price ?? 0), ok ? quantity : 0)
  }

  return (
    <div className="shop-item__row">
      <div className="shop-item__amount">
        <label htmlFor={`${id}-amount`}>
          {t("shop.vouchers.amount", { min: formatMoney(min, locale), max: formatMoney(max, locale) })}
        </label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={typed}
          onChange={(event) => onType(event.target.value)}
          aria-invalid={problem}
          aria-describedby={problem ? `${id}-problem` : undefined}
          data-testid="voucher-amount"
        />
        {problem ? (
          <p id={`${id}-problem`} className="shop-item__problem" data-testid="voucher-amount-problem">
            {t("shop.vouchers.amountOutOfRange", {
              min: formatMoney(min, locale),
              max: formatMoney(max, locale),
            })}
          </p>
        ) : null}
      </div>
      <Stepper
        name={voucherClass.name}
        quantity={quantity}
        canAdd={canAdd && valid}
        busy={busy}
        onChange={(q) => amount !== null && valid && onSet(amount, q)}
        t={t}
        testId="voucher-quantity"
      />
    </div>
  )
}
