import type { CommitFailureCode } from "../../api/CommitRefusals.ts"
import type { CommitCart, CommitSeatLine } from "../../domain/cart/commitCart.ts"
import {
  canPayWithPoints,
  LOYALTY_TICKETS_PER_ORDER,
  loyaltyCapProblem,
  loyaltyPointsPrice,
  pointsProblem,
} from "../../domain/order/ticketRules.ts"
import { applyDiscount, type DiscountRule, isDiscountApplicable } from "../../domain/pricing/discount.ts"
import { bookingCharges } from "../../domain/pricing/serviceCharge.ts"
import { combinationRefusal, groupAllowed, priceLevelRefusal } from "./commitShowings.ts"
import { priceProducts } from "./productPricing.ts"

/**
 * The commit cart priced again from the server's own rows (spec §7: a tampered price is refused). Pure: the
 * commit service loads the rows, this decides. Amounts are integer agorot.
 */

export interface TicketFacts {
  readonly id: number
  readonly groupId: number
  readonly price: number
  readonly serviceCharge: number
  readonly maxPerOrder: number | null
  readonly minPerOrder: number
  readonly requiresTicketId: number | null
  readonly isMemberOnly: boolean
  readonly requiresReference: boolean
}

/** A ticket voucher named by a seat line's `systemVoucher` (keyed by its reference, upper case). */
export interface TicketVoucherFacts {
  readonly id: number
  readonly active: boolean
  readonly valid: boolean
  /** null: a money voucher, which pays at the payment step, not for a seat */
  readonly ticketsLeft: number | null
}

/** A member named by a seat line's `memberNumber`: a member-only ticket's, or the one paying with points. */
export interface MemberFacts {
  readonly id: number
  /** this cart proved the member at its loyalty login (number and ID number, or its signed-in holder) */
  readonly provenInCart: boolean
  /** loyalty points it may spend */
  readonly pointsBalance: number
  /** today within its start and end dates */
  readonly valid: boolean
  readonly allowMemberSaleTickets: boolean
  /** entries left on a punch card; null where the membership has no count (a club) */
  readonly balance: number | null
}

/** A reference a partner ticket accepts (ticket_reference_options). */
export interface ReferenceOptionFacts {
  readonly id: number
  readonly left: number
}

/** A seat line resolved against the seatplan: the reserved seat, or a general-admission slot. */
export interface ResolvedSeat {
  readonly seatId: number | null
  readonly gaSlot: number | null
  readonly sectionId: number
  /** the seat's own ticket group, which wins over the section's groups */
  readonly defaultGroupId: number | null
  /** a premium seat, which an unpaid hold may not take (spec §5) */
  readonly isPremium?: boolean
}

/** A location's booking fee (service_charges, kind 'booking'), as the browser's order summary reads it. */
export interface OrderCharge {
  readonly amount: number | null
  readonly percentBasisPoints: number | null
  readonly appliesPer: "ticket" | "order"
}

export interface PricingFacts {
  readonly tickets: ReadonlyMap<number, TicketFacts>
  /**
   * ticket groups each presentation of the cart offers (presentation id → by section, key null: every section);
   * two showings in one hall share sections but not necessarily their groups
   */
  readonly groupsByPresentation: ReadonlyMap<number, ReadonlyMap<number | null, ReadonlySet<number>>>
  readonly seats: ReadonlyArray<ResolvedSeat | undefined>
  readonly discounts: ReadonlyMap<number, DiscountRule>
  readonly products: ReadonlyMap<number, number>
  readonly orderCharges: ReadonlyArray<OrderCharge>
  readonly ticketVouchers: ReadonlyMap<string, TicketVoucherFacts>
  readonly members: ReadonlyMap<string, MemberFacts>
  /** by ticket id, then reference1 upper case; a ticket with no rows accepts any non-empty reference */
  readonly referenceOptions: ReadonlyMap<number, ReadonlyMap<string, ReferenceOptionFacts>>
}

export interface PricedLine {
  /** the showing this seat is for (issue 16: one order may hold several) */
  readonly presentationId: number
  readonly line: CommitSeatLine
  readonly seat: ResolvedSeat
  readonly ticket: TicketFacts
  readonly price: number
  readonly serviceCharge: number
  /** what the line spends at commit (sold_tickets columns), each given back if the order is voided */
  readonly systemVoucherId: number | null
  /** the member of a member-only ticket, or the member whose points pay the ticket */
  readonly memberId: number | null
  /** points the line spends (`loyaltyPointsPrice`); 0 when paid in money */
  readonly loyaltyPoints: number
  readonly referenceOptionId: number | null
  readonly reference1: string | null
  readonly reference2: string | null
}

export interface PricedCart {
  readonly lines: ReadonlyArray<PricedLine>
  readonly products: ReadonlyArray<{
    readonly id: number
    readonly quantity: number
    readonly unitPrice: number
  }>
  readonly ticketsTotal: number
  readonly serviceCharge: number
  readonly total: number
  readonly discountIds: ReadonlyArray<number>
  /** tickets each ticket voucher pays for (voucher id → seats) */
  readonly ticketVoucherUses: ReadonlyMap<number, number>
  /** uses of each reference option (option id → tickets) */
  readonly referenceUses: ReadonlyMap<number, number>
  /** loyalty points each member spends (member id → points) */
  readonly pointsUses: ReadonlyMap<number, number>
}

/**
 * The booking fees beyond each ticket's own charge, the browser's `globalServiceCharge`: the same domain rule
 * the order summary shows (src/domain/pricing/serviceCharge.ts), over the tickets' prices and priced seats.
 */
export const orderServiceCharge = (
  charges: ReadonlyArray<OrderCharge>,
  ticketsTotal: number,
  pricedSeats: number,
): number =>
  bookingCharges(
    charges.map((charge, i) => ({ ...charge, id: i, name: "" })),
    ticketsTotal,
    pricedSeats,
  ).reduce((sum, line) => sum + line.amount, 0)

type Priced = { readonly ok: PricedCart } | { readonly refused: CommitFailureCode }

const refuse = (code: CommitFailureCode): Priced => ({ refused: code })

const count = (counts: Map<number, number>, id: number) => counts.set(id, (counts.get(id) ?? 0) + 1)

type Spent = Pick<
  PricedLine,
  "systemVoucherId" | "memberId" | "loyaltyPoints" | "referenceOptionId" | "reference1" | "reference2"
>

interface Uses {
  readonly vouchers: Map<number, number>
  readonly members: Map<number, number>
  readonly references: Map<number, number>
  readonly points: Map<number, number>
}

/**
 * A seat line paid with loyalty points: marked `isLoyaltyPointsRedemption`, or, as older carts send it, with a
 * `loyaltyRedemptionCustomerId` (which names nothing the server trusts: the member is the one this cart proved).
 */
export const redeemsPoints = (line: CommitSeatLine): boolean =>
  line.ticket.isLoyaltyPointsRedemption === true || line.ticket.loyaltyRedemptionCustomerId !== undefined

/**
 * Issue 14, item 1: a line paying with a member's points whose member this cart has not proved (no loyalty login
 * by number and ID number, or by its signed-in holder). Refused before pricing, as a request error.
 */
export const unprovenRedemption = (cart: CommitCart, facts: PricingFacts): boolean =>
  cart.seats.some(
    (line) =>
      redeemsPoints(line) &&
      facts.members.get((line.ticket.memberNumber ?? "").trim())?.provenInCart !== true,
  )

/**
 * What the ticket step put on a main seat line besides a plain price (spec §5): a ticket voucher paying it
 * (price 0, `oldPrice` the full price), the member a member-only ticket needs, the reference a partner ticket
 * needs, loyalty points paying it (price 0, `oldPrice` the full price, `memberNumber` naming a member this cart
 * proved). Uses are counted in `uses`; the totals are checked against what
 * is left once every line is read.
 */
const benefitsOf = (
  line: CommitSeatLine,
  ticket: TicketFacts,
  facts: PricingFacts,
  uses: Uses,
): { readonly spent: Spent; readonly voucherPaid: boolean } | { readonly refused: CommitFailureCode } => {
  let systemVoucherId: number | null = null
  if (line.ticket.systemVoucher !== undefined) {
    const voucher = facts.ticketVouchers.get(line.ticket.systemVoucher.trim().toUpperCase())
    if (voucher === undefined || voucher.ticketsLeft === null) return { refused: "voucherNotFound" }
    if (!voucher.active || !voucher.valid) return { refused: "voucherExpired" }
    // the voucher pays the whole ticket: no discount code on the same seat, and the full price is the one shown
    if (line.ticket.discountId !== null) return { refused: "priceMismatch" }
    if (line.ticket.oldPrice !== null && line.ticket.oldPrice !== ticket.price)
      return { refused: "priceMismatch" }
    if (line.ticket.appliedDiscount !== null && line.ticket.appliedDiscount !== ticket.price)
      return { refused: "priceMismatch" }
    systemVoucherId = voucher.id
    count(uses.vouchers, voucher.id)
  }
  let memberId: number | null = null
  if (ticket.isMemberOnly) {
    const member = facts.members.get((line.ticket.memberNumber ?? "").trim())
    // the membership pays (a punch card's entries): only for a member this cart proved, as points are
    if (member === undefined || !member.provenInCart || !member.valid || !member.allowMemberSaleTickets)
      return { refused: "memberInvalid" }
    memberId = member.id
    count(uses.members, member.id)
  }
  let loyaltyPoints = 0
  if (redeemsPoints(line)) {
    // one benefit per seat: not with a member price, a voucher or a coupon (src/domain/order/ticketRules.ts)
    const eligible = canPayWithPoints({
      isMemberOnly: ticket.isMemberOnly,
      fullPrice: ticket.price,
      systemVoucher: line.ticket.systemVoucher ?? null,
      discountId: line.ticket.discountId,
    })
    if (!eligible || line.ticket.oldPrice !== ticket.price || line.ticket.appliedDiscount !== null)
      return { refused: "priceMismatch" }
    const member = facts.members.get((line.ticket.memberNumber ?? "").trim())
    // (whose points: the member this cart proved, never a customer id the request names)
    if (member === undefined || !member.provenInCart) return { refused: "memberInvalid" }
    if (!member.valid) return { refused: "memberInvalid" }
    memberId = member.id
    loyaltyPoints = loyaltyPointsPrice(ticket.price)
    uses.points.set(member.id, (uses.points.get(member.id) ?? 0) + loyaltyPoints)
  }
  let referenceOptionId: number | null = null
  let reference1: string | null = null
  let reference2: string | null = null
  if (ticket.requiresReference) {
    reference1 = (line.ticket.ref1 ?? "").trim()
    if (reference1 === "" || reference1.length > 64) return { refused: "referenceInvalid" }
    const options = facts.referenceOptions.get(ticket.id)
    if (options !== undefined) {
      const option = options.get(reference1.toUpperCase())
      if (option === undefined) return { refused: "referenceInvalid" }
      referenceOptionId = option.id
      count(uses.references, option.id)
    }
    const typed2 = (line.ticket.ref2 ?? "").trim()
    reference2 = typed2 === "" ? null : typed2.slice(0, 64)
  }
  return {
    spent: { systemVoucherId, memberId, loyaltyPoints, referenceOptionId, reference1, reference2 },
    voucherPaid: systemVoucherId !== null || loyaltyPoints > 0,
  }
}

const NOTHING_SPENT: Spent = {
  systemVoucherId: null,
  memberId: null,
  loyaltyPoints: 0,
  referenceOptionId: null,
  reference1: null,
  reference2: null,
}

/**
 * Every use within what is left: tickets on a voucher, entries on a punch card, tickets on a reference, points on
 * a member (the same rule as the ticket step's, `pointsProblem`).
 */
const usesRefusal = (facts: PricingFacts, uses: Uses): CommitFailureCode | null => {
  const vouchers = new Map([...facts.ticketVouchers.values()].map((v) => [v.id, v]))
  for (const [id, n] of uses.vouchers) if (n > (vouchers.get(id)?.ticketsLeft ?? 0)) return "voucherBalance"
  const members = new Map([...facts.members.values()].map((m) => [m.id, m]))
  for (const [id, n] of uses.members) {
    const balance = members.get(id)?.balance ?? null
    if (balance !== null && n > balance) return "memberInvalid"
  }
  for (const [id, points] of uses.points)
    if (pointsProblem(points, members.get(id)?.pointsBalance ?? 0) !== null) return "pointsBalance"
  const options = new Map(
    [...facts.referenceOptions.values()].flatMap((byRef) => [...byRef.values()]).map((o) => [o.id, o]),
  )
  for (const [id, n] of uses.references) if (n > (options.get(id)?.left ?? 0)) return "referenceInvalid"
  return null
}

export const priceCart = (cart: CommitCart, facts: PricingFacts): Priced => {
  const lines: Array<PricedLine> = []
  const counts = new Map<number, number>()
  const discountIds = new Set<number>()
  const uses: Uses = {
    vouchers: new Map<number, number>(),
    members: new Map<number, number>(),
    references: new Map<number, number>(),
    points: new Map<number, number>(),
  }
  for (const [i, line] of cart.seats.entries()) {
    const seat = facts.seats[i]
    if (seat === undefined) return refuse("holdLost")
    const ticket = facts.tickets.get(line.ticket.ticketId)
    if (ticket === undefined) return refuse("unknownTicket")
    const presentationId = line.ticket.prsntId
    if (
      ticket.groupId !== line.ticket.ticketGroupId ||
      !groupAllowed(facts, presentationId, seat, ticket.groupId)
    )
      return refuse("ticketNotForSeat")
    if (line.ticket.sectionId !== seat.sectionId) return refuse("ticketNotForSeat")
    // the second seat of a sofa-for-two ticket is part of the first seat's price
    let price = line.isMultiplyFactorSubTicket ? 0 : ticket.price
    const serviceCharge = line.isMultiplyFactorSubTicket ? 0 : ticket.serviceCharge
    // a sub-ticket is part of its first seat's ticket: the first seat carries the voucher, member and reference
    const benefits = line.isMultiplyFactorSubTicket
      ? { spent: NOTHING_SPENT, voucherPaid: false }
      : benefitsOf(line, ticket, facts, uses)
    if ("refused" in benefits) return refuse(benefits.refused)
    if (benefits.voucherPaid) price = 0
    const discountId = line.ticket.discountId
    if (discountId !== null && !line.isMultiplyFactorSubTicket) {
      const rule = facts.discounts.get(discountId)
      if (rule === undefined || !isDiscountApplicable(rule, ticket.id)) return refuse("priceMismatch")
      const discounted = applyDiscount(rule, price)
      if ((line.ticket.appliedDiscount ?? 0) !== discounted.appliedDiscount) return refuse("priceMismatch")
      price = discounted.price
      discountIds.add(discountId)
    }
    if (line.ticket.amount !== price) return refuse("priceMismatch")
    if (line.ticket.serviceCharge !== serviceCharge) return refuse("serviceChargeMismatch")
    if (!line.isMultiplyFactorSubTicket) counts.set(ticket.id, (counts.get(ticket.id) ?? 0) + 1)
    lines.push({ presentationId, line, seat, ticket, price, serviceCharge, ...benefits.spent })
  }
  // spec §5, for each showing: one price level (the seat's own group, else its section's groups); then for the
  // whole order the loyalty cap and what vouchers, members and references have left; then each showing's counts
  const level = priceLevelRefusal(facts, lines)
  if (level !== null) return refuse(level)
  const loyaltyPriced = lines.filter((l) => l.ticket.isMemberOnly && !l.line.isMultiplyFactorSubTicket).length
  if (loyaltyCapProblem(loyaltyPriced, LOYALTY_TICKETS_PER_ORDER) !== null)
    return refuse("loyaltyTicketLimit")
  const overused = usesRefusal(facts, uses)
  if (overused !== null) return refuse(overused)
  const combination = combinationRefusal(facts, lines)
  if (combination !== null) return refuse(combination)
  for (const id of discountIds) {
    const rule = facts.discounts.get(id) as DiscountRule
    if (counts.size === 0 || [...counts.values()].reduce((a, b) => a + b, 0) < rule.minTickets)
      return refuse("priceMismatch")
  }

  const products = priceProducts(cart.products, facts.products)
  if (products === undefined) return refuse("unknownProduct")

  const ticketsTotal = lines.reduce((sum, l) => sum + l.price, 0)
  const lineCharges = lines.reduce((sum, l) => sum + l.serviceCharge, 0)
  const pricedSeats = lines.filter((l) => !l.line.isMultiplyFactorSubTicket).length
  const orderCharge = orderServiceCharge(facts.orderCharges, ticketsTotal, pricedSeats)
  if (cart.globalServiceCharge !== orderCharge) return refuse("serviceChargeMismatch")
  const productsTotal = products.reduce((sum, p) => sum + p.unitPrice * p.quantity, 0)
  const serviceCharge = lineCharges + orderCharge
  return {
    ok: {
      lines,
      products,
      ticketsTotal,
      serviceCharge,
      total: ticketsTotal + serviceCharge + productsTotal,
      discountIds: [...discountIds],
      ticketVoucherUses: uses.vouchers,
      referenceUses: uses.references,
      pointsUses: uses.points,
    },
  }
}
