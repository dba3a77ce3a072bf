import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { type ShopKind, stepAfter } from "./shopKinds.ts"

type Props = {
  readonly kind: ShopKind
  readonly hasLines: boolean
  /** a problem the screen knows of that stops the way on (an amount out of bounds, no cinema) */
  readonly problem: string | null
  readonly locale: LocaleCode
  readonly t: Translate
  /** a membership with a season seat: its seat step comes first (spec §2 chooseSeats) */
  readonly seatsFirst?: boolean
}

/** A choose screen's way on (spec §2: the kind's next step); with nothing chosen it says so (spec §8 "none selected"). */
export const ContinueButton = ({ kind, hasLines, problem, locale, t, seatsFirst = false }: Props) => {
  const navigate = useNavigate()
  const [tried, setTried] = useState(false)
  const shown = tried ? (problem ?? (hasLines ? null : t(`shop.noneSelected.${kind}`))) : null
  return (
    <>
      <div aria-live="polite" className="basket__live">
        {shown === null ? null : (
          <p className="basket__problem" data-testid="shop-problem">
            {shown}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button button--primary"
        data-testid="continue"
        onClick={() => {
          setTried(true)
          if (hasLines && problem === null)
            void navigate(
              stepAfter(kind, "choose") === "auth"
                ? { to: "/shop/vouchers/auth", search: { lang: locale } }
                : seatsFirst
                  ? { to: "/memberships/seats", search: { lang: locale } }
                  : { to: "/shop/$kind/customer", params: { kind }, search: { lang: locale } },
            )
        }}
      >
        {t("shop.continue")}
      </button>
    </>
  )
}
