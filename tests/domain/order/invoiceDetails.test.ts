import { describe, expect, it } from "vitest"
import { normalizeInvoice, validateInvoice } from "../../../src/domain/order/invoiceDetails.ts"

const valid = {
  invoiceName: " Acme Films Ltd ",
  invoiceSSN: "514123456",
  invoiceAddress: "#12 Herzl St",
  invoiceCity: "Haifa",
  invoicePostalCode: "",
}

describe("invoice details (the form's and the commit's one rule)", () => {
  it("accepts a complete invoice and stores it trimmed, without '#'", () => {
    expect(validateInvoice(valid)).toEqual({})
    expect(normalizeInvoice(valid)).toEqual({
      ...valid,
      invoiceName: "Acme Films Ltd",
      invoiceAddress: "12 Herzl St",
    })
  })
  it("refuses missing, malformed and out-of-range values", () => {
    expect(
      validateInvoice({
        invoiceName: "",
        invoiceSSN: "",
        invoiceAddress: "#",
        invoiceCity: "",
        invoicePostalCode: "",
      }),
    ).toEqual({
      invoiceName: { rule: "required" },
      invoiceSSN: { rule: "required" },
      invoiceAddress: { rule: "required" },
      invoiceCity: { rule: "required" },
    })
    expect(validateInvoice({ ...valid, invoiceSSN: "51-123" })).toEqual({ invoiceSSN: { rule: "alpha_num" } })
    expect(validateInvoice({ ...valid, invoiceSSN: "5141234" })).toEqual({
      invoiceSSN: { rule: "min", min: 8 },
    })
    expect(validateInvoice({ ...valid, invoiceSSN: "5141234567" })).toEqual({
      invoiceSSN: { rule: "max", max: 9 },
    })
    expect(validateInvoice({ ...valid, invoicePostalCode: "33a" })).toEqual({
      invoicePostalCode: { rule: "numeric" },
    })
  })
})
