import { describe, expect, it } from "vitest"
import {
  type CustomerFormValues,
  customerInfoErrors,
  DEFAULT_CUSTOMER_FORMS,
  emptyCustomerForm,
  israeliMobile,
  normalizeMobile,
  stripHash,
  toCustomerInfo,
  validateCustomerForm,
} from "../../../src/domain/order/customerInfo.ts"

const valid: CustomerFormValues = {
  ...emptyCustomerForm,
  firstName: "נועה",
  lastName: "Cohen-Levi",
  email: "noa@example.com",
  emailConfirm: "NOA@example.com",
  mobileNumber: "+972 52-123-4567",
  mobileConfirm: "0521234567",
  additionalTerms: { SUMMER_PROMO: true },
}
const order = DEFAULT_CUSTOMER_FORMS.order

describe("validateCustomerForm", () => {
  it("accepts a complete order form", () => {
    expect(validateCustomerForm(valid, order, true)).toEqual({})
  })
  // the terms of purchase are asked once, on the pay step (issue 13, defect 3): the form does not ask them
  it("requires the order's fields, their confirmations and SUMMER_PROMO, not the terms of purchase", () => {
    expect(validateCustomerForm(emptyCustomerForm, order, true)).toEqual({
      firstName: { rule: "required" },
      lastName: { rule: "required" },
      email: { rule: "required" },
      emailConfirm: { rule: "required" },
      mobileNumber: { rule: "required" },
      mobileConfirm: { rule: "required" },
      "term.SUMMER_PROMO": { rule: "required" },
    })
  })
  it("does not ask for SUMMER_PROMO on video on demand", () => {
    expect(validateCustomerForm({ ...valid, additionalTerms: {} }, DEFAULT_CUSTOMER_FORMS.vod, true)).toEqual(
      {},
    )
  })
  it("applies alpha, email, mismatch, mobile, numeric and ID rules", () => {
    const errors = validateCustomerForm(
      {
        ...valid,
        firstName: "N0a",
        lastName: "L",
        email: "noa@",
        mobileNumber: "0731234567",
        mobileConfirm: "0521234567",
        ssn: "123456789",
      },
      order,
      true,
    )
    expect(errors).toEqual({
      firstName: { rule: "alpha" },
      lastName: { rule: "min", min: 2 },
      email: { rule: "email" },
      emailConfirm: { rule: "mismatch" },
      mobileNumber: { rule: "mobile" },
      mobileConfirm: { rule: "mismatch" },
      ssn: { rule: "invalidSSN" },
    })
    expect(validateCustomerForm({ ...valid, ssn: "12a" }, order, true)).toEqual({ ssn: { rule: "numeric" } })
    expect(validateCustomerForm({ ...valid, ssn: "123456782" }, order, true)).toEqual({})
  })
  it("checks invoice details only when param 66 enables them and the buyer asks", () => {
    const asked = { ...valid, invoiceRequested: true }
    expect(validateCustomerForm(asked, order, false)).toEqual({})
    expect(validateCustomerForm(asked, order, true)).toEqual({
      invoiceName: { rule: "required" },
      invoiceSSN: { rule: "required" },
      invoiceAddress: { rule: "required" },
      invoiceCity: { rule: "required" },
    })
    expect(
      validateCustomerForm(
        { ...asked, invoiceName: "Acme", invoiceSSN: "51-123", invoiceAddress: "#", invoiceCity: "Haifa" },
        order,
        true,
      ),
    ).toEqual({ invoiceSSN: { rule: "alpha_num" }, invoiceAddress: { rule: "required" } })
  })
})

describe("normalisation", () => {
  it("turns +972 mobiles into a leading 0", () => {
    expect(normalizeMobile("+972-52-123-4567")).toBe("0521234567")
    expect(normalizeMobile("00972521234567")).toBe("0521234567")
    expect(normalizeMobile("972 (0)52 1234567")).toBe("0521234567")
    expect(normalizeMobile("052 123 4567")).toBe("0521234567")
    // the form the server keeps, or null for what is not an Israeli mobile
    expect(israeliMobile("+972 52-123-4567")).toBe("0521234567")
    expect(israeliMobile("03-1234567")).toBeNull()
    expect(israeliMobile("12345")).toBeNull()
  })
  it("removes hashes from addresses", () => {
    expect(stripHash("Herzl 5 #3")).toBe("Herzl 5 3")
  })
  it("builds the cart's customer info", () => {
    expect(toCustomerInfo({ ...valid, address1: "#12 Dizengoff" }, null, false)).toMatchObject({
      FirstName: "נועה",
      MobileNumber1: "0521234567",
      SSN: null,
      Address1: "12 Dizengoff",
    })
  })
})

describe("customerInfoErrors: the form's rules on what a commit carries (issue 14, item 3)", () => {
  const info = toCustomerInfo(valid, null, false)

  it("accepts what a valid form makes", () => {
    expect(customerInfoErrors(info, order)).toEqual({})
  })

  it("refuses what the form refuses: huge, marked-up or SQL names, bad contacts, a wrong ID check digit", () => {
    const cases = [
      [{ FirstName: "א".repeat(1_000_000) }, "firstName", "max"],
      [{ FirstName: "<img src=x onerror=alert(1)>" }, "firstName", "alpha"],
      [{ LastName: "Robert'); DROP TABLE reservations;--" }, "lastName", "alpha"],
      [{ EmailAddress1: "noa@example" }, "email", "email"],
      [{ MobileNumber1: "+1 202 555 0143" }, "mobileNumber", "mobile"],
      [{ SSN: "123456789" }, "ssn", "invalidSSN"],
      [{ FirstName: "" }, "firstName", "required"],
    ] as const
    for (const [change, field, rule] of cases)
      expect(customerInfoErrors({ ...info, ...change }, order)[field], field).toMatchObject({ rule })
  })
})
