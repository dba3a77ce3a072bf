import { useId } from "react"
import type { SeatStatuses } from "../../../api/SeatsApi.ts"
import type { Translate } from "../../i18n/useI18n.ts"

/**
 * Best available and the general-admission quantity as they look while the cart is still opening: the same
 * boxes (so nothing moves when the real ones from HoldByQuantity.tsx take their place), every control disabled.
 * They hold nothing, so they carry no cart code and no test ids.
 */

const QuantityPlaceholder = ({ label, button }: { readonly label: string; readonly button: string }) => {
  const id = useId()
  return (
    <div className="quantity-pick">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <select id={id} className="field__input" disabled defaultValue="2">
          <option value="2">2</option>
        </select>
      </div>
      <button type="button" className="button button--primary" disabled>
        {button}
      </button>
    </div>
  )
}

export const BestAvailablePlaceholder = ({ t }: { readonly t: Translate }) => (
  <section className="code-entry" aria-labelledby="best-title" aria-busy="true">
    <h2 id="best-title" className="field__label">
      {t("orderSteps.best.title")}
    </h2>
    <QuantityPlaceholder label={t("orderSteps.best.quantity")} button={t("orderSteps.best.find")} />
  </section>
)

export const GaQuantityPlaceholder = ({
  sections,
  statuses,
  t,
}: {
  readonly sections: ReadonlyArray<{ readonly id: number; readonly name: string; readonly capacity: number }>
  readonly statuses: SeatStatuses | undefined
  readonly t: Translate
}) => (
  <section className="order-step" aria-labelledby="ga-title" aria-busy="true">
    <h2 id="ga-title" className="basket__title">
      {t("orderSteps.ga.title")}
    </h2>
    <p className="order__facts">{t("orderSteps.ga.intro")}</p>
    {sections.map((section) => {
      const status = statuses?.sections.find((s) => s.id === section.id)
      return (
        <div key={section.id} className="ticket-seat">
          <p className="ticket-seat__name">{t("orderSteps.ga.section", { name: section.name })}</p>
          <p className="ticket-seat__note">
            {status?.isSoldOut
              ? t("orderSteps.ga.soldOut")
              : t("orderSteps.ga.left", { n: status?.available ?? section.capacity })}
          </p>
          {status?.isSoldOut ? null : (
            <QuantityPlaceholder label={t("orderSteps.ga.quantity")} button={t("orderSteps.ga.hold")} />
          )}
        </div>
      )
    })}
  </section>
)
