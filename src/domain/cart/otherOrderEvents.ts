import { Schema } from "effect"
import { meta, Quantity, v1 } from "./eventMeta.ts"
import { MembershipReference } from "./facts.ts"
import { Agorot, IsoInstant } from "./values.ts"

/**
 * The cart events of the order kinds beside tickets (issue 16): gift and system vouchers, memberships with their
 * season seat and top-ups, donations and video on demand. Part of the one cart log (`CartEventSchema` in
 * events.ts, whose rules for versions and ids they follow); kept apart so the ticket order's events stay readable.
 */

export class SystemVoucherQuantitySet extends Schema.TaggedClass<SystemVoucherQuantitySet>()(
  "SystemVoucherQuantitySet",
  {
    v: v1,
    ...meta,
    systemVoucherId: Schema.Int,
    systemVoucherPriceId: Schema.Int,
    price: Agorot,
    quantity: Quantity,
  },
) {}

export class MembershipQuantitySet extends Schema.TaggedClass<MembershipQuantitySet>()(
  "MembershipQuantitySet",
  {
    v: v1,
    ...meta,
    membershipId: Schema.Int,
    membershipPriceId: Schema.Int,
    currencyId: Schema.Int,
    price: Agorot,
    quantity: Quantity,
    isTopup: Schema.Boolean,
    references: Schema.Array(MembershipReference),
  },
) {}

/**
 * The server held a membership's season seat for this cart (`PUT /membership/lock-seat` answered, issue 16): the
 * same seat in every future showing of the series, until `expiresAt`. The commit names it on the membership line.
 */
export class MembershipSeatHeld extends Schema.TaggedClass<MembershipSeatHeld>()("MembershipSeatHeld", {
  v: v1,
  ...meta,
  membershipId: Schema.Int,
  VenueSectionId: Schema.Int,
  XCoordinate: Schema.Int,
  YCoordinate: Schema.Int,
  RowName: Schema.String,
  SeatName: Schema.String,
  expiresAt: IsoInstant,
}) {}

/** The membership seat is no longer this cart's (unlocked by the buyer, or the server no longer holds it). */
export class MembershipSeatLetGo extends Schema.TaggedClass<MembershipSeatLetGo>()("MembershipSeatLetGo", {
  v: v1,
  ...meta,
  membershipId: Schema.Int,
}) {}

/**
 * The signed-in buyer chose which of their members a top-up (or renewal) is for; null: none. The commit names it
 * in `membershipIdentifier` (the member the server checks to be theirs).
 */
export class MembershipTopupChosen extends Schema.TaggedClass<MembershipTopupChosen>()(
  "MembershipTopupChosen",
  { v: v1, ...meta, memberNumber: Schema.NullOr(Schema.String) },
) {}

/** `customAmount`: what the donor typed instead of the detail's fixed amount. */
export class DonationQuantitySet extends Schema.TaggedClass<DonationQuantitySet>()("DonationQuantitySet", {
  v: v1,
  ...meta,
  donationId: Schema.Int,
  donationDetailId: Schema.Int,
  amount: Agorot,
  customAmount: Schema.NullOr(Agorot),
  quantity: Quantity,
}) {}

/**
 * Issue 16: access to one video-on-demand title (venue types 101–104), bought alone through the same commit and
 * payment as tickets: no seat, the public VOD ticket's id and price. It replaces whatever the cart held (spec §4:
 * one order at a time; a VOD presentation stands alone).
 */
export class VodAccessChosen extends Schema.TaggedClass<VodAccessChosen>()("VodAccessChosen", {
  v: v1,
  ...meta,
  presentationId: Schema.Int,
  ticketId: Schema.Int,
  price: Agorot,
}) {}
