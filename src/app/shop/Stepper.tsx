import type { Translate } from "../i18n/useI18n.ts"

type Props = {
  readonly name: string
  readonly quantity: number
  readonly canAdd: boolean
  readonly busy: boolean
  readonly onChange: (quantity: number) => void
  readonly t: Translate
  readonly testId: string
}

/** A quantity with − and +, named for screen readers by what it counts. */
export const Stepper = ({ name, quantity, canAdd, busy, onChange, t, testId }: Props) => (
  <fieldset className="stepper" aria-label={t("shop.quantity.label", { name })} data-testid={testId}>
    <button
      type="button"
      className="stepper__button"
      aria-label={t("shop.quantity.remove", { name })}
      disabled={busy || quantity === 0}
      onClick={() => onChange(quantity - 1)}
    >
      −
    </button>
    <output className="stepper__value" aria-live="polite" data-testid={`${testId}-value`}>
      {quantity}
    </output>
    <button
      type="button"
      className="stepper__button"
      aria-label={t("shop.quantity.add", { name })}
      disabled={busy || !canAdd}
      onClick={() => onChange(quantity + 1)}
    >
      +
    </button>
  </fieldset>
)
