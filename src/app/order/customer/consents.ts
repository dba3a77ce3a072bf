import type { CustomerFormValues } from "../../../domain/order/customerInfo.ts"
import { stripHash } from "../../../domain/order/customerInfo.ts"

/**
 * What the buyer agreed to and the invoice details, for the payment step (the commit's `termsAccepted` and the
 * invoice). The cart's `CustomerInfo` has no place for them, so they stay in this tab's sessionStorage, keyed by
 * cart: gone when the tab closes, never in IndexedDB.
 */
export interface OrderConsents {
  readonly termsAccepted: boolean
  readonly additionalTerms: Readonly<Record<string, boolean>>
  readonly invoice: {
    readonly invoiceName: string
    readonly invoiceSSN: string
    readonly invoiceAddress: string
    readonly invoiceCity: string
    readonly invoicePostalCode: string
  } | null
}

const key = (cartId: string) => `marquee.orderConsents.${cartId}`

export const saveOrderConsents = (cartId: string, values: CustomerFormValues, invoiceEnabled: boolean) => {
  const consents: OrderConsents = {
    termsAccepted: values.termsAccepted,
    additionalTerms: values.additionalTerms,
    invoice:
      invoiceEnabled && values.invoiceRequested
        ? {
            invoiceName: values.invoiceName.trim(),
            invoiceSSN: values.invoiceSSN.trim(),
            invoiceAddress: stripHash(values.invoiceAddress),
            invoiceCity: values.invoiceCity.trim(),
            invoicePostalCode: values.invoicePostalCode.trim(),
          }
        : null,
  }
  try {
    sessionStorage.setItem(key(cartId), JSON.stringify(consents))
  } catch {
    // storage full or blocked: the payment step asks for the terms again
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
