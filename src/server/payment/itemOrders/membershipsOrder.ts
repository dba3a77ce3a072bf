import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { CommitFailed, type CommitFailureCode } from "../../../api/CommitRefusals.ts"
import type { CommitCart } from "../../../domain/cart/commitCart.ts"
import { isValidIsraeliId, normalizeIsraeliId } from "../../../domain/order/israeliId.ts"
import { currencyIdOf } from "../../../domain/shared/currencyIds.ts"
import { protectSsn, ssnKeys } from "../../customer/ssnProtection.ts"
import { MAX_MEMBERSHIPS_PER_ORDER } from "../../memberships/catalogue.ts"
import { futureShowings, seatedMembership, seatOf } from "../../memberships/membershipSeats.ts"
import type { Asker, ItemLine, ItemOrderKind } from "./ItemOrderKind.ts"
import { fulfilMemberships, type MembershipDetails } from "./membershipFulfil.ts"
import { tieMembershipSeats } from "./membershipSeatTie.ts"
import { onlineShopPlace } from "./onlineShop.ts"

/**
 * Memberships (issue 16, spec §3 Membership, §5, §8 membership order errors, §9), booked at the chain's online
 * shop. The rules, in the order they are checked (the first broken one is the answer, nothing is written):
 *
 * - the membership is sold online and has the price named: `noMembershipsForSale`, `membershipPriceNotFound`;
 * - each line's `currencyId` is its price's, and a series (type 2) is bought in one currency: `currencyMismatch`;
 * - spec §9: one membership per order, quantity 1, and no more references than memberships selected (spec §5):
 *   `membershipQuantity`; a reference (code) typed twice: `membershipCodeAlreadyEntered` (checked first); an
 *   empty one: `referenceInvalid`;
 * - a top-up (`isTopup`) names in the cart's `membershipIdentifier` a member of the same membership that belongs
 *   to the signed-in customer: `memberNotFound` otherwise (a guest has no members to top up);
 * - a new membership with a seat names its season seat (`membershipSeatRequired`), which the cart must hold in
 *   every future showing of the series at commit (`holdLost`); one without a seat, and a top-up, name none
 *   (`seatCount`);
 * - no booking fee (`serviceChargeMismatch`). The ID number is required with its check digit by the membership
 *   customer-info form (`customerInfoForms.membership`, served by `/api/config`), which the commit checks.
 *
 * Our choices: a money voucher may pay for a membership; a top-up adds the series' entries and extends the
 * validity by `validity_days` from the later of today and its last day (so renewing early loses nothing).
 */

const failed = (code: CommitFailureCode) =>
  new CommitFailed({ error: "lastCommit", message: "Error processing Transaction", code })

type Line = CommitCart["memberships"][number]

interface MembershipRow {
  readonly id: number
  readonly typeId: number
}
interface PriceRow {
  readonly id: number
  readonly membershipId: number
  readonly price: number
  readonly currency: string
}

const loadOffers = Effect.fn("MembershipsOrder.offers")(function* (lines: ReadonlyArray<Line>) {
  const sql = yield* SqlClient.SqlClient
  const memberships = yield* sql<MembershipRow>`
    SELECT id, membership_type_id AS "typeId" FROM memberships
    WHERE is_sold_online AND id IN ${sql.in(lines.map((l) => l.membershipId))}`
  const prices = yield* sql<PriceRow>`
    SELECT id, membership_id AS "membershipId", price_agorot AS price, currency FROM membership_prices
    WHERE id IN ${sql.in(lines.map((l) => l.membershipPriceId))}`
  return {
    memberships: new Map(memberships.map((m) => [m.id, m])),
    prices: new Map(prices.map((p) => [p.id, p])),
  }
}, Effect.orDie)

/** The catalogue's checks, before anything about who buys: for sale, priced, one currency, how many, codes. */
const checkLines = (
  lines: ReadonlyArray<Line>,
  offers: { memberships: ReadonlyMap<number, MembershipRow>; prices: ReadonlyMap<number, PriceRow> },
): CommitFailureCode | null => {
  const seriesCurrencies = new Map<number, Set<number>>()
  for (const line of lines) {
    const membership = offers.memberships.get(line.membershipId)
    if (membership === undefined) return "noMembershipsForSale"
    const price = offers.prices.get(line.membershipPriceId)
    if (price === undefined || price.membershipId !== line.membershipId) return "membershipPriceNotFound"
    if (currencyIdOf(price.currency) !== line.currencyId) return "currencyMismatch"
    if (membership.typeId === 2)
      seriesCurrencies.set(
        membership.id,
        (seriesCurrencies.get(membership.id) ?? new Set()).add(line.currencyId),
      )
  }
  if ([...seriesCurrencies.values()].some((currencies) => currencies.size > 1)) return "currencyMismatch"
  const count = lines.reduce((sum, line) => sum + line.quantity, 0)
  if (lines.length > MAX_MEMBERSHIPS_PER_ORDER || count > MAX_MEMBERSHIPS_PER_ORDER)
    return "membershipQuantity"
  for (const line of lines) {
    // a code typed twice is named as such before the count of codes is compared with the quantity
    const codes = line.references.map((r) => r.reference1.trim().toUpperCase())
    if (codes.some((code) => code === "")) return "referenceInvalid"
    if (new Set(codes).size < codes.length) return "membershipCodeAlreadyEntered"
    if (line.quantity < 1 || line.references.length > line.quantity) return "membershipQuantity"
  }
  return null
}

/** The member a top-up names: the signed-in customer's own, of the same membership. */
const topupMember = Effect.fn("MembershipsOrder.topupMember")(function* (
  cart: CommitCart,
  line: Line,
  asker: Asker,
) {
  const sql = yield* SqlClient.SqlClient
  const number = (cart.membershipIdentifier ?? "").trim()
  if (asker.customerId === null || number === "") return Option.none<number>()
  const rows = yield* sql<{ id: number }>`
    SELECT id FROM members WHERE member_number = ${number} AND customer_id = ${asker.customerId}
      AND membership_id = ${line.membershipId}`
  return Option.fromNullishOr(rows[0]?.id)
}, Effect.orDie)

type SeatOutcome = { readonly refused: CommitFailureCode } | { readonly seat: MembershipDetails["seat"] }

/** The season seat a new membership with a seat names, resolved in its venue's seatplan. */
const seasonSeat = Effect.fn("MembershipsOrder.seat")(function* (line: Line) {
  const seated = yield* seatedMembership(line.membershipId)
  const refuse = (code: CommitFailureCode): SeatOutcome => ({ refused: code })
  if (Option.isNone(seated)) return line.seat === null ? { seat: null } : refuse("seatCount")
  if (line.seat === null) return refuse("membershipSeatRequired")
  if ((yield* futureShowings(line.membershipId)).length === 0) return refuse("noMembershipsForSale")
  const seat = yield* seatOf(seated.value.seatplanId, line.seat)
  if (Option.isNone(seat)) return refuse("holdLost")
  return { seat: { seatId: seat.value.id, ...line.seat } } as SeatOutcome
})

/** The buyer's ID number, kept only sealed and hashed (ssnProtection.ts), for the member's new customer row. */
const sealedSsn = Effect.fn("MembershipsOrder.ssn")(function* (cart: CommitCart) {
  const ssn = normalizeIsraeliId(cart.customerInfo?.SSN ?? "")
  if (ssn === null || !isValidIsraeliId(ssn)) return null
  const keys = yield* ssnKeys
  const sealed = protectSsn(keys, ssn)
  return { ssnHash: sealed.ssn_hash, ssnSealed: sealed.ssn_sealed }
}, Effect.orDie)

const price = (cart: CommitCart, asker: Asker) =>
  Effect.gen(function* () {
    const place = yield* onlineShopPlace()
    if (place === undefined) return yield* failed("noMembershipsForSale")
    const offers = yield* loadOffers(cart.memberships)
    const refused = checkLines(cart.memberships, offers)
    if (refused !== null) return yield* failed(refused)
    if (cart.globalServiceCharge !== 0) return yield* failed("serviceChargeMismatch")
    const buyer = yield* sealedSsn(cart)
    const items: Array<ItemLine> = []
    for (const line of cart.memberships) {
      const unitPrice = (offers.prices.get(line.membershipPriceId) as PriceRow).price
      let details: MembershipDetails
      if (line.isTopup) {
        if (line.seat !== null) return yield* failed("seatCount")
        const member = yield* topupMember(cart, line, asker)
        if (Option.isNone(member)) return yield* failed("memberNotFound")
        details = { references: line.references, customerId: asker.customerId, topupMemberId: member.value }
      } else {
        const seat = yield* seasonSeat(line)
        if ("refused" in seat) return yield* failed(seat.refused)
        details = { references: line.references, customerId: asker.customerId, seat: seat.seat, buyer }
      }
      items.push({
        kind: "membership",
        itemId: line.membershipId,
        priceId: line.membershipPriceId,
        quantity: line.quantity,
        unitPrice,
        details: { ...details },
      })
    }
    const total = items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0)
    return { place, items, products: [], serviceCharge: 0, total, voucherPayable: true }
  })

export const membershipsOrder: ItemOrderKind = {
  form: (forms) => forms.membership,
  price,
  tie: tieMembershipSeats,
  fulfil: fulfilMemberships,
}
