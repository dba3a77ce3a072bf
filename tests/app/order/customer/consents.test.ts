import { describe, expect, it } from "vitest"
import { orderConsents, withConsents } from "../../../../src/app/order/customer/consents.ts"
import { DEFAULT_CUSTOMER_FORMS, emptyCustomerForm } from "../../../../src/domain/order/customerInfo.ts"

const terms = DEFAULT_CUSTOMER_FORMS.order.additionalTerms
const invoice = {
  invoiceName: "Acme",
  invoiceSSN: "514123456",
  invoiceAddress: "12 Herzl St",
  invoiceCity: "Haifa",
  invoicePostalCode: "",
}

describe("what the customer step hands to the commit", () => {
  it("the ticked terms the form includes, and the invoice only when param 66 is on and it was asked for", () => {
    const values = { ...emptyCustomerForm, ...invoice, additionalTerms: { SUMMER_PROMO: true, OTHER: true } }
    expect(orderConsents(values, terms, true)).toEqual({ additionalTerms: ["SUMMER_PROMO"], invoice: null })
    expect(orderConsents({ ...values, invoiceRequested: true }, terms, true)).toEqual({
      additionalTerms: ["SUMMER_PROMO"],
      invoice,
    })
    expect(orderConsents({ ...values, invoiceRequested: true }, terms, false).invoice).toBeNull()
  })
  it("comes back into the form when the buyer returns to the step", () => {
    const back = withConsents(emptyCustomerForm, { additionalTerms: ["SUMMER_PROMO"], invoice })
    expect(back).toMatchObject({
      additionalTerms: { SUMMER_PROMO: true },
      invoiceRequested: true,
      ...invoice,
    })
    expect(withConsents(emptyCustomerForm, null)).toBe(emptyCustomerForm)
  })
})
