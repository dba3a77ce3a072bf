/**
 * Invoice details (spec §3 "Invoice details", offered when config param 66 is on): the rules the customer step
 * shows beside the fields and the server applies again to the commit, so the two can never disagree.
 */

export const INVOICE_FIELDS = [
  "invoiceName",
  "invoiceSSN",
  "invoiceAddress",
  "invoiceCity",
  "invoicePostalCode",
] as const
export type InvoiceField = (typeof INVOICE_FIELDS)[number]

/** What the buyer typed for the invoice (the commit's `invoice`, wire names of the spec). */
export type InvoiceDetails = Readonly<Record<InvoiceField, string>>

export type InvoiceError =
  | { readonly rule: "required" | "numeric" | "alpha_num" }
  | { readonly rule: "min"; readonly min: number }
  | { readonly rule: "max"; readonly max: number }

/** Spec §5: hash characters are removed from addresses. */
export const stripHash = (typed: string): string => typed.replace(/#/g, "").trim()

const DIGITS = /^[0-9]+$/

const requiredText = (value: string, max: number): InvoiceError | null =>
  value === "" ? { rule: "required" } : value.length > max ? { rule: "max", max } : null

/** The details as stored: trimmed, '#' out of the address. */
export const normalizeInvoice = (details: InvoiceDetails): InvoiceDetails => ({
  invoiceName: details.invoiceName.trim(),
  invoiceSSN: details.invoiceSSN.trim(),
  invoiceAddress: stripHash(details.invoiceAddress),
  invoiceCity: details.invoiceCity.trim(),
  invoicePostalCode: details.invoicePostalCode.trim(),
})

/** Every broken rule, by field; empty when the invoice may be issued. */
export const validateInvoice = (details: InvoiceDetails): Partial<Record<InvoiceField, InvoiceError>> => {
  const v = normalizeInvoice(details)
  const errors: Partial<Record<InvoiceField, InvoiceError>> = {}
  const put = (field: InvoiceField, error: InvoiceError | null) => {
    if (error !== null) errors[field] = error
  }
  put("invoiceName", requiredText(v.invoiceName, 100))
  // a company or tax number: 8 or 9 letters and digits
  if (v.invoiceSSN === "") put("invoiceSSN", { rule: "required" })
  else if (!/^[0-9A-Za-z]+$/.test(v.invoiceSSN)) put("invoiceSSN", { rule: "alpha_num" })
  else if (v.invoiceSSN.length < 8) put("invoiceSSN", { rule: "min", min: 8 })
  else if (v.invoiceSSN.length > 9) put("invoiceSSN", { rule: "max", max: 9 })
  put("invoiceAddress", requiredText(v.invoiceAddress, 100))
  put("invoiceCity", requiredText(v.invoiceCity, 50))
  if (v.invoicePostalCode !== "" && !DIGITS.test(v.invoicePostalCode))
    put("invoicePostalCode", { rule: "numeric" })
  return errors
}
