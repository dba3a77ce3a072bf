import { useQuery, useQueryClient } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useEffect } from "react"
import { HoldOrderToggled } from "../../domain/cart/events.ts"
import { isActiveMember } from "../../domain/cart/rules.ts"
import type { Cart } from "../../domain/cart/state.ts"
import { holdDeadlineMs } from "../../domain/order/holdCutoff.ts"
import { displayOrderIdentifier } from "../../domain/order/orderIdentifier.ts"
import type { CartLog } from "../cart/cartLog.ts"
import { eventMeta } from "../cart/cartLog.ts"
import { AREA_KEY, areaDataKey, fetchAreaData } from "../customer/area/areaApi.ts"
import { useSignedInCustomer } from "../customer/signIn/useSignedInCustomer.ts"
import { formatLongDateTime } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { temporal } from "../lib/temporal.ts"

/**
 * Issue 16, spec §4/§5/§9: "reserve now, pay later". Offered on the pay step to a signed-in customer with an
 * active membership (read from the customer area's data, the same answer the area shows), explained to anyone
 * else; the server checks both again at commit. The cut-off is 30 minutes before the show
 * (src/domain/order/holdCutoff.ts). Premium seats are only known to the server: its refusal
 * (`premiumSeatOnHold`) comes back through the dialog with the way to a regular seat (`seatsLink`).
 */
export const HoldChoice = ({
  log,
  cart,
  startsAt,
  disabled,
  locale,
  t,
}: {
  readonly log: CartLog
  readonly cart: Cart
  /** the order's earliest showing, ISO */
  readonly startsAt: string
  readonly disabled: boolean
  readonly locale: LocaleCode
  readonly t: Translate
}) => {
  const customer = useSignedInCustomer()
  const area = useQuery({
    queryKey: areaDataKey(customer?.uuid ?? "", locale),
    queryFn: ({ signal }) => fetchAreaData(locale, signal),
    enabled: customer !== null,
    staleTime: 30_000,
  })
  const deadline = new Date(holdDeadlineMs(Date.parse(startsAt))).toISOString()
  const when = formatLongDateTime(temporal(), deadline, locale)
  const explain = (text: string) => (
    <section className="pay-section pay-hold" data-testid="hold-choice">
      <h2 className="pay-section__title">{t("holds.pay.title")}</h2>
      <p className="pay-hint" data-testid="hold-unavailable">
        {text}
      </p>
    </section>
  )
  if (customer === null) return explain(t("holds.pay.signInFirst"))
  if (area.isPending) return null
  const member = area.data?.Members.some(isActiveMember) === true
  if (!member) return explain(t("holds.pay.needsMembership"))
  if (Date.parse(deadline) <= Date.now()) return explain(t("holds.pay.tooLate"))

  const toggle = (isHold: boolean) =>
    void log.store
      .append([HoldOrderToggled.make({ ...eventMeta(), isHold, memberSignedIn: isHold })])
      .catch(() => undefined)
  return (
    <fieldset className="pay-section pay-hold" disabled={disabled} data-testid="hold-choice">
      <legend className="pay-section__title">{t("holds.pay.title")}</legend>
      <label className="pay-terms__label">
        <input
          type="checkbox"
          checked={cart.isHold}
          onChange={(event) => toggle(event.target.checked)}
          data-testid="hold-toggle"
        />
        <span>{t("holds.pay.toggle")}</span>
      </label>
      <p className="pay-hint">{t("holds.pay.hint", { when })}</p>
      <Link to="/customer" search={{ lang: locale }} className="pay-hold__area">
        {t("holds.pay.areaLink")}
      </Link>
    </fieldset>
  )
}

/**
 * The hold's confirmation: the seats are the customer's until the deadline, unpaid. The pay step's own button below
 * it pays now, which turns the hold into a regular paid order; the customer area pays it later from any device.
 */
export const HoldConfirmation = ({
  identifier,
  deadline,
  locale,
  t,
}: {
  readonly identifier: string
  readonly deadline: string
  readonly locale: LocaleCode
  readonly t: Translate
}) => {
  // the area's data read before the hold (HoldChoice) does not list it yet: the area reads it again
  const queries = useQueryClient()
  useEffect(() => {
    void queries.invalidateQueries({ queryKey: [AREA_KEY] })
  }, [queries])
  return (
    <section
      className="pay-section pay-hold pay-hold--done"
      data-testid="hold-confirmation"
      data-reservation={identifier}
      role="status"
    >
      <h2 className="pay-section__title">{t("holds.confirmation.title")}</h2>
      <p>{t("holds.confirmation.number", { number: displayOrderIdentifier(identifier) })}</p>
      <p data-testid="hold-confirmation-deadline">
        {t("holds.confirmation.deadline", { when: formatLongDateTime(temporal(), deadline, locale) })}
      </p>
      <p className="pay-hint">{t("holds.confirmation.later")}</p>
      <Link
        to="/customer"
        search={{ lang: locale }}
        className="button button--ghost"
        data-testid="hold-to-area"
      >
        {t("holds.confirmation.toArea")}
      </Link>
    </section>
  )
}
