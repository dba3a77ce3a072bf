import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { CommitFailed, type CommitFailureCode } from "../../../api/CommitRefusals.ts"
import type { ItemLine, ItemOrderKind } from "./ItemOrderKind.ts"
import { onlineShopPlace } from "./onlineShop.ts"

/**
 * Donations (issue 16, spec §2 donation, §3 Donation, §5), booked at the chain's online shop. The buyer fills
 * the `donation` customer-info form: SSN required, with the Israeli check digit (the receipt names the donor),
 * checked by the commit's answers like every form. Our choices, written down:
 * - a line names the donation and one of its details; a fixed detail gives its amount (`customAmount` null);
 *   a custom detail takes `customAmount`, at least the detail's `min_custom_agorot` and at most
 *   {@link MAX_CUSTOM_AGOROT};
 * - 1 to {@link MAX_DONATION_QUANTITY} of a line; no booking fee; a money voucher may not pay a donation (a
 *   gift's value is not the donor's money to give, and a donation receipt must name money the donor paid).
 */

const failed = (code: CommitFailureCode) =>
  new CommitFailed({ error: "lastCommit", message: "Error processing Transaction", code })

/** 50,000 ₪: a larger gift is arranged with the chain, not typed into a web form. */
export const MAX_CUSTOM_AGOROT = 5_000_000
export const MAX_DONATION_QUANTITY = 10

interface DetailRow {
  readonly id: number
  readonly donationId: number
  readonly amount: number | null
  readonly allowsCustom: boolean
  readonly minCustom: number | null
}

const loadDetails = Effect.fn("DonationsOrder.details")(function* (ids: ReadonlyArray<number>) {
  const sql = yield* SqlClient.SqlClient
  if (ids.length === 0) return new Map<number, DetailRow>()
  const rows = yield* sql<DetailRow>`
    SELECT id, donation_id AS "donationId", amount_agorot AS amount, allows_custom_amount AS "allowsCustom",
      min_custom_agorot AS "minCustom"
    FROM donation_details WHERE id IN ${sql.in([...new Set(ids)])}`
  return new Map(rows.map((row) => [row.id, row]))
}, Effect.orDie)

/** The unit amount of a line by its detail, or undefined when the amount is not one the detail accepts. */
const unitAmount = (detail: DetailRow, customAmount: number | null): number | undefined => {
  if (customAmount === null) return detail.amount ?? undefined
  if (!detail.allowsCustom || customAmount > MAX_CUSTOM_AGOROT) return undefined
  return customAmount >= (detail.minCustom ?? 1) ? customAmount : undefined
}

export const donationsOrder: ItemOrderKind = {
  form: (forms) => forms.donation,
  price: (cart) =>
    Effect.gen(function* () {
      const place = yield* onlineShopPlace()
      if (place === undefined) return yield* failed("notOnSale")
      if (cart.globalServiceCharge !== 0) return yield* failed("serviceChargeMismatch")
      if (cart.donations.some((line) => line.quantity < 1)) return yield* failed("emptyCart")
      const details = yield* loadDetails(cart.donations.map((line) => line.donationDetailId))
      const items: Array<ItemLine> = []
      for (const line of cart.donations) {
        const detail = details.get(line.donationDetailId)
        if (detail === undefined || detail.donationId !== line.donationId) return yield* failed("notOnSale")
        const unit = unitAmount(detail, line.customAmount)
        if (unit === undefined || line.quantity > MAX_DONATION_QUANTITY)
          return yield* failed("donationAmountInvalid")
        items.push({
          kind: "donation",
          itemId: detail.donationId,
          priceId: detail.id,
          quantity: line.quantity,
          unitPrice: unit,
          details: { customAmount: line.customAmount },
        })
      }
      const total = items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0)
      return { place, items, products: [], serviceCharge: 0, total, voucherPayable: false }
    }),
  // nothing to issue: the paid order is the donation, its confirmation and e-document the donor's receipt
  fulfil: (orderId) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`
        UPDATE order_items SET fulfilled_at = marquee_now()
        WHERE reservation_id = ${orderId} AND kind = 'donation' AND fulfilled_at IS NULL`
    }).pipe(Effect.orDie),
}
