import { Link } from "@tanstack/react-router"
import { type ReactNode, useEffect } from "react"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { SHOP_STEPS, type ShopKind, type ShopStep } from "./shopKinds.ts"
import "../order/order.css"
import "../order/steps.css"
import "./shop.css"

type Props = {
  readonly kind: ShopKind
  readonly step: ShopStep
  readonly title: string
  readonly locale: LocaleCode
  readonly t: Translate
  readonly children: ReactNode
}

/** The choose screen of each kind, where "back" and the first step lead. */
export const ChooseLink = ({
  kind,
  locale,
  className,
  children,
}: {
  readonly kind: ShopKind
  readonly locale: LocaleCode
  readonly className?: string
  readonly children: ReactNode
}) => {
  const search = { lang: locale }
  if (kind === "vouchers")
    return (
      <Link to="/vouchers" search={search} className={className}>
        {children}
      </Link>
    )
  if (kind === "memberships")
    return (
      <Link to="/memberships" search={search} className={className}>
        {children}
      </Link>
    )
  if (kind === "donations")
    return (
      <Link to="/donate" search={search} className={className}>
        {children}
      </Link>
    )
  return (
    <Link to="/food" search={search} className={className}>
      {children}
    </Link>
  )
}

/** A step reached with nothing of its kind in the cart (spec §8 "none selected"), and the way back to choose. */
export const NothingChosen = ({
  kind,
  locale,
  t,
}: {
  readonly kind: ShopKind
  readonly locale: LocaleCode
  readonly t: Translate
}) => (
  <p className="order__notice" data-testid="shop-nothing">
    {t(`shop.noneSelected.${kind}`)}{" "}
    <ChooseLink kind={kind} locale={locale}>
      {t("shop.back")}
    </ChooseLink>
  </p>
)

/** The frame of every shop screen: where the buyer is among the steps, and the screen. */
export const ShopFrame = ({ kind, step, title, locale, t, children }: Props) => {
  useEffect(() => {
    document.title = `${title} · ${t("app.brand")}`
  }, [t, title])
  const steps: ReadonlyArray<ShopStep> = SHOP_STEPS[kind]
  const current = steps.indexOf(step)
  return (
    <div className="order shop" data-testid={`shop-${kind}-${step}`}>
      <header className="order__head">
        <nav aria-label={t("orderSteps.steps.nav")} className="order-steps">
          <ol className="order-steps__list">
            {steps.map((name, index) => (
              <li
                key={name}
                className="order-steps__item"
                data-state={index < current ? "done" : index === current ? "current" : "todo"}
                aria-current={index === current ? "step" : undefined}
              >
                {index < current && name === "choose" ? (
                  <ChooseLink kind={kind} locale={locale}>
                    {t(`shop.steps.${kind}`)}
                  </ChooseLink>
                ) : index < current && name === "seats" ? (
                  <Link to="/memberships/seats" search={{ lang: locale }}>
                    {t("shop.steps.seats")}
                  </Link>
                ) : index < current && name === "auth" ? (
                  <Link to="/shop/vouchers/auth" search={{ lang: locale }}>
                    {t("shop.steps.auth")}
                  </Link>
                ) : index < current && name === "customer" ? (
                  <Link to="/shop/$kind/customer" params={{ kind }} search={{ lang: locale }}>
                    {t("shop.steps.customer")}
                  </Link>
                ) : (
                  <span>{name === "choose" ? t(`shop.steps.${kind}`) : t(`shop.steps.${name}`)}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <h1 className="order__title">{title}</h1>
      </header>
      {children}
    </div>
  )
}
