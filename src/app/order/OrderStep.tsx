import { useSuspenseQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import type { PresentationDetail } from "../../api/PresentationEntities.ts"
import { type OrderCart, useCart } from "../cart/useCart.ts"
import type { MessageKey } from "../i18n/dictionaries.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { type Translate, useT } from "../i18n/useI18n.ts"
import type { OrderScreen } from "./flow.ts"
import { presentationDetailQueryOptions } from "./queries.ts"
import { StepFrame } from "./StepFrame.tsx"

/** What every screen after the seats gets once the tab's cart is open. */
export type StepProps = {
  readonly order: Extract<OrderCart, { status: "ready" }>
  readonly detail: PresentationDetail
  readonly locale: LocaleCode
  readonly t: Translate
}

type Props = {
  readonly presentationId: number
  readonly locale: LocaleCode
  readonly screen: OrderScreen
  readonly title: MessageKey
  /** the screen itself, rendered once the cart is open */
  readonly step: (props: StepProps) => ReactNode
}

/**
 * The shell of the tickets, extras, details and pay screens: the presentation (suspends until loaded), the
 * step frame, and the cart log; "loading" while the cart opens, "unavailable" where it cannot (no IndexedDB).
 */
export const OrderStep = ({ presentationId, locale, screen, title, step }: Props) => {
  const t = useT()
  const { data: detail } = useSuspenseQuery(presentationDetailQueryOptions(presentationId, locale))
  const order = useCart(detail.presentation)
  return (
    <StepFrame presentation={detail.presentation} locale={locale} screen={screen} title={t(title)} t={t}>
      {order.status === "ready" ? (
        step({ order, detail, locale, t })
      ) : (
        <p className="order__notice">
          {t(order.status === "opening" ? "status.loading" : "order.unavailable")}
        </p>
      )}
    </StepFrame>
  )
}
