/**
 * How many card payments (instalments) an order may be split into: one rule for the pay step's selector, the
 * provider's hosted page and the server's commit, which refuses any other count.
 *
 * Our reading of the spec: it says only that card payments support instalments and that the default is 1
 * (§1, §9, `numberOfPayments` default 1), and leaves the limit to the merchant. A buyer expects splitting to be
 * offered for larger sums and not for a single cheap ticket, as Israeli card acquirers do, so:
 * - under ₪100, one payment only;
 * - from ₪100, up to 3;
 * - from ₪300, up to 12 (the most an Israeli card acquirer commonly allows).
 * The amount is the part charged to the card (what is due after any voucher), in agorot.
 */

const STEPS: ReadonlyArray<{ readonly fromAgorot: number; readonly max: number }> = [
  { fromAgorot: 30_000, max: 12 },
  { fromAgorot: 10_000, max: 3 },
]

/** The default and the minimum (spec §9). */
export const DEFAULT_INSTALMENTS = 1

/** The most instalments the amount may be split into. */
export const maxInstalments = (amountAgorot: number): number =>
  STEPS.find((step) => amountAgorot >= step.fromAgorot)?.max ?? DEFAULT_INSTALMENTS

/** Every count a buyer may choose for the amount, in order: 1, 2, … up to `maxInstalments`. */
export const allowedInstalments = (amountAgorot: number): ReadonlyArray<number> =>
  Array.from({ length: maxInstalments(amountAgorot) }, (_, i) => i + 1)

export const isAllowedInstalments = (count: number, amountAgorot: number): boolean =>
  Number.isInteger(count) && count >= DEFAULT_INSTALMENTS && count <= maxInstalments(amountAgorot)
