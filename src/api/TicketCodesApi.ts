import { Schema } from "effect"

/**
 * The ticket step's typed codes, ticket eligibility and loyalty login (spec §8 "Ticket lookup", §5): what
 * `src/api/PresentationsApi.ts`'s code, eligibility and loyalty endpoints answer and refuse.
 */

/**
 * Why a typed code or a ticket's extra detail was refused (spec §8 "Ticket lookup"), translated in the browser:
 * codes and vouchers (`codeNotFound`, `codeNotStarted`, `voucherExpired`, `voucherBalance`), coupons
 * (`couponTooFewTickets`, `couponUsedUp`, `couponNoneApplicable`; `codeAlreadyEntered` is the browser's own
 * check against its cart, repeated at commit), memberships (`memberExpired`, `memberNotStarted`,
 * `memberNoneAvailable`, `memberNotFound`, `noValidMember`), the senior benefit (`invalidSSN`), reference
 * prompts (`refPromptOptError`: missing or used up, `refPromptOptNotFound`) and `ticketNotFound`.
 */
export const TicketCodeProblem = Schema.Literals([
  "codeNotFound",
  "codeNotStarted",
  "codeAlreadyEntered",
  "voucherExpired",
  "voucherBalance",
  "couponTooFewTickets",
  "couponUsedUp",
  "couponNoneApplicable",
  "memberExpired",
  "memberNotStarted",
  "memberNoneAvailable",
  "memberNotFound",
  "noValidMember",
  "invalidSSN",
  "refPromptOptError",
  "refPromptOptNotFound",
  "ticketNotFound",
])
export type TicketCodeProblem = typeof TicketCodeProblem.Type

export class TicketCodeRefused extends Schema.TaggedError<TicketCodeRefused>()(
  "TicketCodeRefused",
  { msg: TicketCodeProblem },
  { httpApiStatus: 422 },
) {}

/** A discount code as `applyDiscount` (src/domain/pricing/discount.ts) prices it. */
export const DiscountOffer = Schema.Struct({
  discountId: Schema.Int,
  code: Schema.String,
  name: Schema.String,
  percentBasisPoints: Schema.NullOr(Schema.Int),
  amountOff: Schema.NullOr(Schema.Int),
  /** null: every ticket */
  ticketIds: Schema.NullOr(Schema.Array(Schema.Int)),
  minTickets: Schema.Int,
})
export type DiscountOffer = typeof DiscountOffer.Type

/**
 * What a typed code unlocks on the ticket step:
 * - `discount`: a coupon, priced per applicable ticket by `applyDiscount`;
 * - `ticketVoucher`: a system voucher worth `ticketsLeft` tickets (each seat it pays gets `systemVoucher`);
 * - `moneyVoucher`: a system voucher with a money balance, which pays at the payment step, not here;
 * - `ticketGroup`: a partner's or promotion's ticket group (the seat's tickets come from it).
 */
export const TicketCodeAnswer = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("discount"), discount: DiscountOffer }),
  Schema.Struct({
    kind: Schema.Literal("ticketVoucher"),
    reference: Schema.String,
    ticketsLeft: Schema.Int,
    endsOn: Schema.String,
  }),
  Schema.Struct({
    kind: Schema.Literal("moneyVoucher"),
    reference: Schema.String,
    balance: Schema.Int,
    endsOn: Schema.String,
  }),
  Schema.Struct({ kind: Schema.Literal("ticketGroup"), ticketGroupId: Schema.Int }),
])
export type TicketCodeAnswer = typeof TicketCodeAnswer.Type

/**
 * A ticket's extra detail accepted: the member number of a member-only ticket (with the entries left on a punch
 * card, null for a club), the ID number of a senior ticket, the references of a hotel or partner ticket.
 */
export const TicketEligibility = Schema.Struct({
  ticketId: Schema.Int,
  memberNumber: Schema.NullOr(Schema.String),
  membershipId: Schema.NullOr(Schema.Int),
  memberBalance: Schema.NullOr(Schema.Int),
  ssn: Schema.NullOr(Schema.String),
  reference1: Schema.NullOr(Schema.String),
  reference2: Schema.NullOr(Schema.String),
})
export type TicketEligibility = typeof TicketEligibility.Type

/**
 * A loyalty login on the ticket step (param 64; spec §3 Member, §6 "member number (with SSN)"). Only what the
 * ticket step shows and the cart keeps: the holder's first name and last initial, the points the member may
 * spend, and whether member (loyalty-priced) tickets are open to it. Never the member's customer id: the server
 * remembers which members the asking cart proved (issue 14, item 1) and the commit reads the member from there.
 * `membershipIdentifier` is the member number: our members have no other identifier. `entriesLeft`: a punch
 * card's entries (null for a club); loyalty-priced tickets per order are capped by `LOYALTY_TICKETS_PER_ORDER`
 * (src/domain/order/ticketRules.ts). Refusals: `memberNotFound`, `memberExpired`, `memberNotStarted`.
 */
export const LoyaltyMember = Schema.Struct({
  memberNumber: Schema.String,
  membershipIdentifier: Schema.String,
  membershipId: Schema.Int,
  membershipTypeId: Schema.Int,
  membershipName: Schema.String,
  memberCustomerName: Schema.String,
  pointsBalance: Schema.Int,
  entriesLeft: Schema.NullOr(Schema.Int),
  usedBalance: Schema.Int,
  allowMemberSaleTickets: Schema.Boolean,
})
export type LoyaltyMember = typeof LoyaltyMember.Type

/** Param 64 is off: this site has no loyalty login. */
export class LoyaltyLoginOff extends Schema.TaggedError<LoyaltyLoginOff>()(
  "LoyaltyLoginOff",
  { error: Schema.Literal("loyaltyLoginOff") },
  { httpApiStatus: 403 },
) {}

/**
 * Too many loyalty logins tried for this member number or from this client in a short time (5 per number per 10
 * minutes, 20 per client per hour): a member number and ID number cannot be guessed by trying.
 */
export class LoyaltyLoginLimited extends Schema.TaggedError<LoyaltyLoginLimited>()(
  "LoyaltyLoginLimited",
  { error: Schema.Literal("loyaltyLoginLimited") },
  { httpApiStatus: 429 },
) {}
