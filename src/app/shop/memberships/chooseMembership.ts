import type { MembershipReference } from "../../../domain/cart/facts.ts"
import { MembershipQuantitySet, MembershipTopupChosen } from "../../../domain/cart/otherOrderEvents.ts"
import type { CartMembership } from "../../../domain/cart/state.ts"
import { agorot } from "../../../domain/cart/values.ts"
import { type CartLog, eventMeta } from "../../cart/cartLog.ts"
import type { MembershipChoice } from "./membershipChoice.ts"
import { type SeatCallOutcome, unlockMembershipSeat } from "./seatCalls.ts"

/**
 * Writes the buyer's membership choice to the cart log. Spec §9 allows one membership per order, so a choice
 * replaces the line before it (quantity 0, then 1) in one append; a season seat held for another membership,
 * or for a line that becomes a top-up, is let go at the server first, so no seat stays held for nothing.
 */

const lineEvent = (line: CartMembership, quantity: number, references = line.references) =>
  MembershipQuantitySet.make({
    ...eventMeta(),
    membershipId: line.membershipId,
    membershipPriceId: line.membershipPriceId,
    currencyId: line.currencyId,
    price: line.price,
    quantity,
    isTopup: line.isTopup,
    references,
  })

export const chooseMembership = async (
  log: CartLog,
  choice: MembershipChoice | null,
): Promise<SeatCallOutcome> => {
  const cart = log.store.state()
  const held = cart.membershipSeat ?? null
  if (
    held !== null &&
    (choice === null ||
      choice.topupMemberNumber !== null ||
      held.membershipId !== choice.membership.MembershipId)
  ) {
    const released = await unlockMembershipSeat(log, held.membershipId, held)
    if (!released.ok) return released
  }
  const next =
    choice === null
      ? []
      : [
          MembershipQuantitySet.make({
            ...eventMeta(),
            membershipId: choice.membership.MembershipId,
            membershipPriceId: choice.price.MembershipPriceId,
            currencyId: choice.price.currencyId,
            price: agorot(choice.price.Price),
            quantity: 1,
            isTopup: choice.topupMemberNumber !== null,
            references: [],
          }),
        ]
  await log.store.append([
    ...cart.memberships.map((line) => lineEvent(line, 0)),
    MembershipTopupChosen.make({ ...eventMeta(), memberNumber: choice?.topupMemberNumber ?? null }),
    ...next,
  ])
  return { ok: true }
}

/** The chosen line's references (codes) as the buyer entered them. */
export const setReferences = (
  log: CartLog,
  line: CartMembership,
  references: ReadonlyArray<MembershipReference>,
) => log.store.append([lineEvent(line, line.quantity, references)])
