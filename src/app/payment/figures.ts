import type { ServiceCharge } from "../../api/PresentationEntities.ts"
import { allSeats, type Cart } from "../../domain/cart/state.ts"
import { bookingCharges } from "../../domain/pricing/serviceCharge.ts"
import { orderTotal, voucherPaymentAmount } from "../../domain/pricing/voucherPayment.ts"

/**
 * What the pay step shows and sends: the cart's lines plus the presentation's booking fees (per order or per
 * ticket, beyond each ticket's own service charge), the voucher's part and what is left to pay. Once the order
 * is committed, the server's figures replace the cart's: they are what will be charged.
 */
export interface PayFigures {
  readonly tickets: number
  /** the tickets' own service charges */
  readonly perTicketCharge: number
  /** the presentation's booking fees, by name (an empty name takes the default label) */
  readonly bookingLines: ReadonlyArray<{
    readonly id: number
    readonly name: string
    readonly amount: number
  }>
  /** what `globalServiceCharge` carries in the commit cart */
  readonly bookingTotal: number
  readonly products: number
  readonly total: number
  readonly voucher: number
  readonly due: number
  /** true once the figures are the server's */
  readonly fromServer: boolean
}

export const payFigures = (cart: Cart, charges: ReadonlyArray<ServiceCharge>): PayFigures => {
  const seats = allSeats(cart)
  const priced = seats.filter((seat) => seat.ticket !== null && !seat.isMultiplyFactorSubTicket)
  const tickets = seats.reduce((sum, seat) => sum + (seat.ticket?.price ?? 0), 0)
  const perTicketCharge = seats.reduce((sum, seat) => sum + (seat.ticket?.serviceCharge ?? 0), 0)
  const bookingLines = bookingCharges(charges, tickets, priced.length)
  const bookingTotal = bookingLines.reduce((sum, line) => sum + line.amount, 0)
  const products = cart.totals.products
  const amounts = cart.reservation?.amounts ?? null
  if (amounts !== null)
    return {
      tickets,
      perTicketCharge,
      bookingLines,
      bookingTotal,
      products,
      total: amounts.total,
      voucher: amounts.voucherAmount,
      due: amounts.amountDue,
      fromServer: true,
    }
  const total = orderTotal(cart.totals.total, bookingTotal)
  const voucher = cart.voucherPayment === null ? 0 : voucherPaymentAmount(total, cart.voucherPayment.balance)
  return {
    tickets,
    perTicketCharge,
    bookingLines,
    bookingTotal,
    products,
    total,
    voucher,
    due: total - voucher,
    fromServer: false,
  }
}

/** The countdown the pay step shows: the order's payment deadline once committed, else the seats' hold. */
export const payDeadline = (
  cart: Cart,
): { readonly kind: "pay" | "hold"; readonly deadline: string } | null => {
  // an unpaid hold's deadline is hours away and shown in words (HoldChoice), not as a countdown
  if (cart.isHold && cart.reservation !== null) return null
  const deadline = cart.reservation?.paymentDeadline ?? null
  if (deadline !== null) return { kind: "pay", deadline }
  if (cart.reservation !== null) return null
  const holds = cart.presentations.flatMap((p) =>
    p.seats.length > 0 && p.holdExpiresAt !== null ? [p.holdExpiresAt] : [],
  )
  if (holds.length === 0) return null
  return { kind: "hold", deadline: holds.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) }
}
