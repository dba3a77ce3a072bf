/**
 * What one showing of a season enrolment costs (spec §3 "Enrol membership"): its PresentationDetail's override
 * price when IsPriceOverride, else the chosen ticket's price when the season prices per ticket (null: no ticket
 * chosen), else its MembershipPayableAmount (0: included in the membership). Agorot. The browser's figures and the
 * commit's check (src/server/payment/itemOrders/enrolmentOrder.ts) are this one function.
 */
export const enrolShowingPrice = (
  showing: { readonly isPriceOverride: boolean; readonly price: number | null; readonly payable: number },
  isPricingPerTicket: boolean,
  ticketPrice: number | null,
): number | null => {
  if (showing.isPriceOverride) return showing.price
  if (isPricingPerTicket) return ticketPrice
  return showing.payable
}
