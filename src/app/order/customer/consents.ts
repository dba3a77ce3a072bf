import type { CommitRequest } from "../../../api/PaymentApi.ts"
import { acceptedTermCodes } from "../../../domain/order/agreements.ts"
import type { AdditionalTerm, CustomerFormValues } from "../../../domain/order/customerInfo.ts"
import { normalizeInvoice } from "../../../domain/order/invoiceDetails.ts"

/**
 * What the customer step asked that the commit carries: the additional terms accepted (codes) and the invoice
 * details. The cart's `CustomerInfo` has no place for them, so they stay in this tab's sessionStorage, keyed by
 * cart: gone when the tab closes, never in IndexedDB. The terms of purchase are asked on the pay step itself.
 */
export type OrderConsents = Required<Pick<CommitRequest, "additionalTerms" | "invoice">>

const key = (cartId: string) => `marquee.orderConsents.${cartId}`

export const orderConsents = (
  values: CustomerFormValues,
  terms: ReadonlyArray<AdditionalTerm>,
  invoiceEnabled: boolean,
): OrderConsents => ({
  additionalTerms: acceptedTermCodes(terms, values.additionalTerms),
  invoice: invoiceEnabled && values.invoiceRequested ? normalizeInvoice(values) : null,
})

export const saveOrderConsents = (cartId: string, consents: OrderConsents) => {
  try {
    sessionStorage.setItem(key(cartId), JSON.stringify(consents))
  } catch {
    // storage full or blocked: the server refuses the commit without them and the buyer is sent back to the form
  }
}

export const readOrderConsents = (cartId: string): OrderConsents | null => {
  try {
    const raw = sessionStorage.getItem(key(cartId))
    return raw === null ? null : (JSON.parse(raw) as OrderConsents)
  } catch {
    return null
  }
}

/** The form as the buyer left it: a return to the customer step shows the terms and invoice they gave. */
export const withConsents = (
  values: CustomerFormValues,
  consents: OrderConsents | null,
): CustomerFormValues =>
  consents === null
    ? values
    : {
        ...values,
        additionalTerms: Object.fromEntries(consents.additionalTerms.map((code) => [code, true])),
        ...(consents.invoice === null ? {} : { ...consents.invoice, invoiceRequested: true }),
      }
