import type {
  MembershipCatalogue,
  MembershipForSale,
  MembershipPrice,
  MemberTopup,
} from "../../../api/MembershipsApi.ts"
import type { MembershipReference } from "../../../domain/cart/facts.ts"
import type { CartMembership } from "../../../domain/cart/state.ts"

/**
 * The choose screen's rules (spec §3 Membership, §5, §8 membership order errors, §9), pure so they are tested
 * without a browser. Each refusal is a code of `MEMBERSHIP_REFUSALS`, shown from `memberships.errors`; the server
 * checks the same again at commit.
 */

export type ChoiceRefusal =
  | "membershipPriceNotFound"
  | "membershipCodeAlreadyEntered"
  | "memberNotFound"
  | "membershipQuantity"

/** A buyer's choice: a new membership at one of its prices, or a top-up (renewal) of one of their members. */
export interface MembershipChoice {
  readonly membership: Pick<MembershipForSale, "MembershipId" | "MembershipTypeId" | "hasSeat">
  readonly price: MembershipPrice
  readonly topupMemberNumber: string | null
}

const normal = (code: string) => code.trim().toUpperCase()

/** A price code typed by the buyer: the price it names, or why not (already chosen, no such price). */
export const priceByCode = (
  catalogue: MembershipCatalogue,
  code: string,
  chosen: CartMembership | undefined,
): { readonly choice: MembershipChoice } | { readonly refused: ChoiceRefusal } => {
  const wanted = normal(code)
  for (const membership of catalogue.memberships)
    for (const price of membership.prices)
      if (wanted !== "" && normal(price.PriceCode) === wanted)
        return chosen?.membershipPriceId === price.MembershipPriceId && !chosen.isTopup
          ? { refused: "membershipCodeAlreadyEntered" }
          : { choice: { membership, price, topupMemberNumber: null } }
  return { refused: "membershipPriceNotFound" }
}

/** A member number typed for a top-up: one of the signed-in buyer's own members, else "member not found". */
export const memberByNumber = (topups: ReadonlyArray<MemberTopup>, number: string): MemberTopup | undefined =>
  topups.find((member) => member.memberNumber === number.trim())

/** Spec §5: a reference (code) is entered once, and there are no more of them than memberships selected. */
export const addReference = (
  line: CartMembership,
  reference1: string,
  reference2: string,
): { readonly references: ReadonlyArray<MembershipReference> } | { readonly refused: ChoiceRefusal } => {
  const code = reference1.trim()
  if (line.references.some((r) => normal(r.reference1) === normal(code)))
    return { refused: "membershipCodeAlreadyEntered" }
  if (line.references.length >= line.quantity) return { refused: "membershipQuantity" }
  const second = reference2.trim()
  return { references: [...line.references, { reference1: code, reference2: second === "" ? null : second }] }
}

/** The membership and price a cart line names, from the catalogue (a top-up's from the member's own prices). */
export const offerOf = (
  catalogue: MembershipCatalogue | undefined,
  line: CartMembership,
): { readonly membership: MembershipForSale | undefined; readonly price: MembershipPrice | undefined } => {
  const membership = catalogue?.memberships.find((m) => m.MembershipId === line.membershipId)
  const prices = [
    ...(membership?.prices ?? []),
    ...(catalogue?.topups.filter((m) => m.MembershipId === line.membershipId).flatMap((m) => m.prices) ?? []),
  ]
  return { membership, price: prices.find((p) => p.MembershipPriceId === line.membershipPriceId) }
}

/** Whether the cart's chosen line needs a season seat before the buyer's details (spec §2 chooseSeats). */
export const needsSeat = (catalogue: MembershipCatalogue | undefined, line: CartMembership | undefined) =>
  line !== undefined && !line.isTopup && (offerOf(catalogue, line).membership?.hasSeat ?? false)
