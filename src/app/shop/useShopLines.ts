import { useQueries, useQuery } from "@tanstack/react-query"
import type { Cart } from "../../domain/cart/state.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { offerOf } from "./memberships/membershipChoice.ts"
import { membershipsQueryOptions } from "./memberships/queries.ts"
import {
  donationsQueryOptions,
  foodMenuQueryOptions,
  voucherOfferQueryOptions,
  voucherSuperClassesQueryOptions,
} from "./queries.ts"
import type { ShopKind } from "./shopKinds.ts"

export interface ShopLine {
  readonly key: string
  readonly name: string
  /** each unit's price in agorot */
  readonly unitPrice: number
  readonly quantity: number
}

/**
 * The cart's lines of `kind` as the basket shows them: the cart keeps ids and prices, the names come from the
 * same catalogues the choose screens read (cached). A name not (yet) known shows as empty, never as an id.
 */
export const useShopLines = (
  kind: ShopKind,
  cart: Cart | null,
  locale: LocaleCode,
  foodCinema: number | null,
): ReadonlyArray<ShopLine> => {
  const superClasses = useQuery({ ...voucherSuperClassesQueryOptions(locale), enabled: kind === "vouchers" })
  const offers = useQueries({
    queries: (kind === "vouchers" ? (superClasses.data?.superClasses ?? []) : []).map((s) =>
      voucherOfferQueryOptions(s.id, locale),
    ),
  })
  const donations = useQuery({ ...donationsQueryOptions(locale), enabled: kind === "donations" })
  const menu = useQuery({
    ...foodMenuQueryOptions(foodCinema ?? 0, locale),
    enabled: kind === "food" && foodCinema !== null,
  })
  const memberships = useQuery({ ...membershipsQueryOptions(locale), enabled: kind === "memberships" })
  if (cart === null) return []
  switch (kind) {
    case "vouchers": {
      const classes = offers.flatMap((offer) => offer.data?.classes ?? [])
      return cart.vouchers.map((line) => ({
        key: `${line.systemVoucherId}-${line.systemVoucherPriceId}`,
        name: classes.find((c) => c.id === line.systemVoucherId)?.name ?? "",
        unitPrice: line.price,
        quantity: line.quantity,
      }))
    }
    case "donations":
      return cart.donations.map((line) => ({
        key: `${line.donationId}-${line.donationDetailId}`,
        name: donations.data?.donations.find((d) => d.id === line.donationId)?.name ?? "",
        unitPrice: line.customAmount ?? line.amount,
        quantity: line.quantity,
      }))
    case "memberships":
      return cart.memberships.map((line) => {
        const { membership, price } = offerOf(memberships.data, line)
        const name =
          membership?.Name ?? memberships.data?.topups.find((m) => m.MembershipId === line.membershipId)?.Name
        return {
          key: `${line.membershipId}-${line.membershipPriceId}`,
          name: [name, price?.Name].filter((part) => part !== undefined).join(" · "),
          unitPrice: line.price,
          quantity: line.quantity,
        }
      })
    case "food":
      return cart.products.map((line) => ({
        key: String(line.productId),
        name: menu.data?.products.find((p) => p.id === line.productId)?.name ?? "",
        unitPrice: line.price,
        quantity: line.quantity,
      }))
  }
}
