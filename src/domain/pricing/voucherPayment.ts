/**
 * Paying part of an order with a system voucher (spec §5): the voucher pays the lesser of the order's total and
 * its balance, never less than nothing. The browser shows this amount and sends it in the commit; the server
 * recomputes it and refuses the commit (`priceMismatch`) when the two differ, so both must call this function
 * with the same total.
 *
 * That total is the one the server charges: the cart's lines (tickets, their per-ticket service charges,
 * products) plus the order's booking charges (`globalServiceCharge`, from the configured service charges),
 * which the cart's log does not carry. `orderTotal` adds them, so no caller forgets the booking charges.
 */
export const orderTotal = (cartLinesTotal: number, bookingCharges: number): number =>
  cartLinesTotal + bookingCharges

export const voucherPaymentAmount = (total: number, balance: number): number =>
  Math.max(0, Math.min(total, balance))
