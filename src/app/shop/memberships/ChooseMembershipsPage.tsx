import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { MembershipReference } from "../../../domain/cart/facts.ts"
import type { CartMembership } from "../../../domain/cart/state.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { useT } from "../../i18n/useI18n.ts"
import { ContinueButton } from "../ContinueButton.tsx"
import { ShopBasket } from "../ShopBasket.tsx"
import { ShopFrame } from "../ShopFrame.tsx"
import { useShopCart } from "../useShopCart.ts"
import { useShopLines } from "../useShopLines.ts"
import { chooseMembership, setReferences } from "./chooseMembership.ts"
import { MembershipCodes } from "./MembershipCodes.tsx"
import { MembershipOffers } from "./MembershipOffers.tsx"
import { MembershipTopups } from "./MembershipTopups.tsx"
import { type MembershipChoice, needsSeat } from "./membershipChoice.ts"
import { membershipsQueryOptions } from "./queries.ts"
import "./memberships.css"

/**
 * Spec §2 chooseMemberships: the memberships for sale with their prices, a price code and references, and for a
 * signed-in buyer their own members to top up or renew. One membership per order (spec §9); a membership with a
 * season seat goes on to its seat (`/memberships/seats`), any other straight to the buyer's details.
 */
export const ChooseMembershipsPage = ({ locale }: { readonly locale: LocaleCode }) => {
  const t = useT()
  const catalogue = useQuery(membershipsQueryOptions(locale))
  const shop = useShopCart("memberships", true)
  const cart = shop.status === "ready" ? shop.cart : null
  const lines = useShopLines("memberships", cart, locale, null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const chosen = cart?.memberships[0]

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    setProblem(null)
    try {
      await action()
    } catch {
      setProblem(t("errors.occurred"))
    } finally {
      setBusy(false)
    }
  }
  const choose = (choice: MembershipChoice) =>
    void run(async () => {
      if (shop.status !== "ready") return
      const outcome = await chooseMembership(shop.log, choice)
      if (!outcome.ok) setProblem(t("errors.occurred"))
    })
  const references = (line: CartMembership, next: ReadonlyArray<MembershipReference>) =>
    void run(() => (shop.status === "ready" ? setReferences(shop.log, line, next) : Promise.resolve()))

  const data = catalogue.data
  const nothing = data !== undefined && data.memberships.length === 0 && data.topups.length === 0
  return (
    <ShopFrame kind="memberships" step="choose" title={t("memberships.choose.title")} locale={locale} t={t}>
      <div className="order__body">
        <div className="order-step">
          <p className="order__facts">{t("memberships.choose.intro")}</p>
          {catalogue.isPending ? (
            <p className="order__notice">{t("shop.loading")}</p>
          ) : catalogue.isError || data === undefined ? (
            <p className="order__notice order__notice--problem" role="alert">
              {t("errors.occurred")}
            </p>
          ) : nothing ? (
            <p className="order__notice" data-testid="shop-none-for-sale">
              {t("memberships.errors.noMembershipsForSale")}
            </p>
          ) : (
            <>
              <MembershipOffers
                memberships={data.memberships}
                chosen={chosen}
                busy={busy || cart === null}
                onChoose={choose}
                locale={locale}
                t={t}
              />
              <MembershipCodes
                catalogue={data}
                chosen={chosen}
                busy={busy || cart === null}
                onChoose={choose}
                onReferences={references}
                t={t}
              />
              {data.topups.length > 0 ? (
                <MembershipTopups
                  topups={data.topups}
                  chosen={chosen}
                  chosenMember={cart?.topupMemberNumber ?? null}
                  busy={busy || cart === null}
                  onChoose={choose}
                  locale={locale}
                  t={t}
                />
              ) : (
                <p className="shop-item__note" data-testid="topup-sign-in">
                  {t("memberships.topups.signIn")}
                </p>
              )}
            </>
          )}
        </div>
        <ShopBasket lines={lines} locale={locale} t={t}>
          <ContinueButton
            kind="memberships"
            hasLines={chosen !== undefined}
            problem={problem}
            locale={locale}
            t={t}
            seatsFirst={needsSeat(data, chosen)}
          />
        </ShopBasket>
      </div>
    </ShopFrame>
  )
}
