import { stripHash, validateInvoice } from "./invoiceDetails.ts"
import { isValidIsraeliId, normalizeIsraeliId } from "./israeliId.ts"

// where the rule lives since the server checks invoices too; kept here for the form's importers
export { stripHash }

/**
 * The customer-info form (spec §3 "Customer-info form config", §5): which fields an order type shows and
 * requires, the spec's validation rules as codes (the words are in `locales/`, section `validation`), and the
 * normalisations (+972 mobiles to a leading 0, '#' out of addresses).
 */

export const CUSTOMER_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "address1",
  "address2",
  "city",
  "postalCode",
  "dateOfBirth",
  "mobileNumber",
  "location",
  "ssn",
] as const
export type CustomerField = (typeof CUSTOMER_FIELDS)[number]

export interface FieldRule {
  readonly isRequired: boolean
  readonly isIncluded: boolean
}

export interface AdditionalTerm {
  readonly code: string
  readonly isRequired: boolean
  readonly isIncluded: boolean
}

export interface CustomerFormConfig {
  readonly fields: Readonly<Record<CustomerField, FieldRule>>
  readonly additionalTerms: ReadonlyArray<AdditionalTerm>
}

export type CustomerFormType = "order" | "vod" | "membership" | "donation" | "voucher"

const rule = (isIncluded: boolean, isRequired = false): FieldRule => ({ isIncluded, isRequired })

const base = (ssnRequired: boolean): Record<CustomerField, FieldRule> => ({
  firstName: rule(true, true),
  lastName: rule(true, true),
  email: rule(true, true),
  mobileNumber: rule(true, true),
  ssn: rule(true, ssnRequired),
  address1: rule(false),
  address2: rule(false),
  city: rule(false),
  postalCode: rule(false),
  dateOfBirth: rule(false),
  location: rule(false),
})

const summerPromo = (isIncluded: boolean): AdditionalTerm => ({
  code: "SUMMER_PROMO",
  isIncluded,
  isRequired: isIncluded,
})

/**
 * Spec §5: firstName, lastName, email and mobile required for orders; ssn included but optional for orders and
 * required for memberships and donations; the additional term SUMMER_PROMO required on a normal order and
 * excluded for video on demand.
 */
export const DEFAULT_CUSTOMER_FORMS: Readonly<Record<CustomerFormType, CustomerFormConfig>> = {
  order: { fields: base(false), additionalTerms: [summerPromo(true)] },
  vod: { fields: base(false), additionalTerms: [summerPromo(false)] },
  membership: { fields: base(true), additionalTerms: [] },
  donation: { fields: base(true), additionalTerms: [] },
  voucher: { fields: base(false), additionalTerms: [] },
}

/** What the form holds, as typed. */
export interface CustomerFormValues {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly emailConfirm: string
  readonly mobileNumber: string
  readonly mobileConfirm: string
  readonly ssn: string
  readonly address1: string
  readonly address2: string
  readonly city: string
  readonly postalCode: string
  readonly dateOfBirth: string
  readonly additionalTerms: Readonly<Record<string, boolean>>
  readonly invoiceRequested: boolean
  readonly invoiceName: string
  readonly invoiceSSN: string
  readonly invoiceAddress: string
  readonly invoiceCity: string
  readonly invoicePostalCode: string
}

export type FormField = Exclude<keyof CustomerFormValues, "additionalTerms"> | `term.${string}`

/** The spec's rules (required, alpha, email, min, max, numeric, alpha_num) and ours (match, ID, mobile). */
export type FieldError =
  | { readonly rule: "required" | "alpha" | "email" | "numeric" | "alpha_num" | "mismatch" | "invalidSSN" }
  | { readonly rule: "mobile" | "date" }
  /** a valid mobile number or e-mail address the site asks to verify with a code, not verified yet */
  | { readonly rule: "unverified"; readonly channel: "mobile" | "email" }
  | { readonly rule: "min"; readonly min: number }
  | { readonly rule: "max"; readonly max: number }

/** +972 (or 972, or 00972) becomes a leading 0; spaces, dashes, dots and brackets go. */
export const normalizeMobile = (typed: string): string => {
  const compact = typed.replace(/[\s\-().]/g, "")
  const international = /^(?:\+|00)?972(\d+)$/.exec(compact)
  if (international !== null) return `0${(international[1] ?? "").replace(/^0/, "")}`
  return compact
}

const ISRAELI_MOBILE = /^05[0-9]{8}$/

/** A typed mobile number as the spec stores it (05XXXXXXXX), or null when it is not an Israeli mobile. */
export const israeliMobile = (typed: string): string | null => {
  const mobile = normalizeMobile(typed)
  return ISRAELI_MOBILE.test(mobile) ? mobile : null
}

const LETTERS = /^[\p{L}\p{M}' \-״׳.]+$/u
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

/** Whether a typed e-mail address (trimmed) passes the form's e-mail rule. */
export const isEmailAddress = (typed: string): boolean => {
  const email = typed.trim()
  return EMAIL.test(email) && email.length <= 100
}
const DIGITS = /^[0-9]+$/

const checkName = (value: string, required: boolean): FieldError | null => {
  if (value === "") return required ? { rule: "required" } : null
  if (!LETTERS.test(value)) return { rule: "alpha" }
  if (value.length < 2) return { rule: "min", min: 2 }
  if (value.length > 50) return { rule: "max", max: 50 }
  return null
}

const checkText = (value: string, required: boolean, max: number): FieldError | null => {
  if (value === "") return required ? { rule: "required" } : null
  return value.length > max ? { rule: "max", max } : null
}

export type FieldErrors = Partial<Record<FormField, FieldError>>

/**
 * Every broken rule, by field (the terms of purchase are asked once, on the pay step, whose answer the commit
 * carries); an empty object means the form may be saved. `invoiceEnabled` is config param 66.
 */
export const validateCustomerForm = (
  values: CustomerFormValues,
  config: CustomerFormConfig,
  invoiceEnabled: boolean,
): FieldErrors => {
  const errors: FieldErrors = {}
  const put = (field: FormField, error: FieldError | null) => {
    if (error !== null) errors[field] = error
  }
  const f = config.fields
  const v = {
    ...values,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    emailConfirm: values.emailConfirm.trim(),
    ssn: values.ssn.trim(),
    postalCode: values.postalCode.trim(),
  }

  if (f.firstName.isIncluded) put("firstName", checkName(v.firstName, f.firstName.isRequired))
  if (f.lastName.isIncluded) put("lastName", checkName(v.lastName, f.lastName.isRequired))

  if (f.email.isIncluded) {
    if (v.email === "") put("email", f.email.isRequired ? { rule: "required" } : null)
    else if (!EMAIL.test(v.email)) put("email", { rule: "email" })
    else if (v.email.length > 100) put("email", { rule: "max", max: 100 })
    if (v.email !== "" || f.email.isRequired)
      put(
        "emailConfirm",
        v.emailConfirm === ""
          ? { rule: "required" }
          : v.emailConfirm.toLowerCase() !== v.email.toLowerCase()
            ? { rule: "mismatch" }
            : null,
      )
  }

  if (f.mobileNumber.isIncluded) {
    const mobile = normalizeMobile(v.mobileNumber)
    if (mobile === "") put("mobileNumber", f.mobileNumber.isRequired ? { rule: "required" } : null)
    else if (!/^\+?[0-9]+$/.test(mobile)) put("mobileNumber", { rule: "numeric" })
    else if (!ISRAELI_MOBILE.test(mobile)) put("mobileNumber", { rule: "mobile" })
    if (mobile !== "" || f.mobileNumber.isRequired) {
      const confirm = normalizeMobile(v.mobileConfirm)
      put(
        "mobileConfirm",
        confirm === "" ? { rule: "required" } : confirm !== mobile ? { rule: "mismatch" } : null,
      )
    }
  }

  if (f.ssn.isIncluded) {
    if (v.ssn === "") put("ssn", f.ssn.isRequired ? { rule: "required" } : null)
    else if (!DIGITS.test(v.ssn)) put("ssn", { rule: "numeric" })
    else if (!isValidIsraeliId(v.ssn)) put("ssn", { rule: "invalidSSN" })
  }

  if (f.address1.isIncluded) put("address1", checkText(stripHash(v.address1), f.address1.isRequired, 100))
  if (f.address2.isIncluded) put("address2", checkText(stripHash(v.address2), f.address2.isRequired, 100))
  if (f.city.isIncluded) put("city", checkText(v.city.trim(), f.city.isRequired, 50))
  if (f.postalCode.isIncluded) {
    if (v.postalCode === "") put("postalCode", f.postalCode.isRequired ? { rule: "required" } : null)
    else if (!DIGITS.test(v.postalCode)) put("postalCode", { rule: "numeric" })
    else if (v.postalCode.length < 5) put("postalCode", { rule: "min", min: 5 })
    else if (v.postalCode.length > 7) put("postalCode", { rule: "max", max: 7 })
  }
  if (f.dateOfBirth.isIncluded) {
    if (v.dateOfBirth === "") put("dateOfBirth", f.dateOfBirth.isRequired ? { rule: "required" } : null)
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(v.dateOfBirth)) put("dateOfBirth", { rule: "date" })
  }

  if (invoiceEnabled && v.invoiceRequested) Object.assign(errors, validateInvoice(values))

  for (const term of config.additionalTerms)
    if (term.isIncluded && term.isRequired && values.additionalTerms[term.code] !== true)
      put(`term.${term.code}`, { rule: "required" })
  return errors
}

/** The cart's customer info as the commit carries it (wire names; the fields the form fills). */
export interface WireCustomerInfo {
  readonly FirstName: string
  readonly LastName: string
  readonly EmailAddress1: string
  readonly MobileNumber1: string
  readonly SSN: string | null
  readonly Address1: string | null
  readonly Address2: string | null
  readonly City: string | null
  readonly PostalCode: string | null
  readonly DateOfBirth: string | null
}

/** The form's values for customer info already given (the confirmations are the values themselves). */
export const formValuesOf = (info: WireCustomerInfo | null): CustomerFormValues =>
  info === null
    ? emptyCustomerForm
    : {
        ...emptyCustomerForm,
        firstName: info.FirstName,
        lastName: info.LastName,
        email: info.EmailAddress1,
        emailConfirm: info.EmailAddress1,
        mobileNumber: info.MobileNumber1,
        mobileConfirm: info.MobileNumber1,
        ssn: info.SSN ?? "",
        address1: info.Address1 ?? "",
        address2: info.Address2 ?? "",
        city: info.City ?? "",
        postalCode: info.PostalCode ?? "",
        dateOfBirth: info.DateOfBirth ?? "",
      }

/**
 * The form's rules applied to the customer info a commit carries (issue 14, item 3: a 1 MB name, markup or SQL
 * text used to make orders the form would refuse). The same `validateCustomerForm`, so browser and server
 * cannot disagree; the terms and the invoice are checked apart, as the commit carries them apart.
 */
export const customerInfoErrors = (info: WireCustomerInfo, config: CustomerFormConfig): FieldErrors =>
  validateCustomerForm(formValuesOf(info), { fields: config.fields, additionalTerms: [] }, false)

/** The cart's `CustomerInfo` (wire names) from a valid form: normalised, empty optionals as null. */
export const toCustomerInfo = (values: CustomerFormValues, customerId: number | null, mailing: boolean) => {
  const orNull = (value: string) => (value.trim() === "" ? null : value.trim())
  return {
    CustomerId: customerId,
    FirstName: values.firstName.trim(),
    LastName: values.lastName.trim(),
    EmailAddress1: values.email.trim(),
    MobileNumber1: normalizeMobile(values.mobileNumber),
    SSN: values.ssn.trim() === "" ? null : normalizeIsraeliId(values.ssn),
    Address1: orNull(stripHash(values.address1)),
    Address2: orNull(stripHash(values.address2)),
    City: orNull(values.city),
    PostalCode: orNull(values.postalCode),
    DateOfBirth: orNull(values.dateOfBirth),
    IsSMSAllowed: mailing,
    IsEmailAllowed: mailing,
    IsMailingAllowed: mailing,
  }
}

export const emptyCustomerForm: CustomerFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  emailConfirm: "",
  mobileNumber: "",
  mobileConfirm: "",
  ssn: "",
  address1: "",
  address2: "",
  city: "",
  postalCode: "",
  dateOfBirth: "",
  additionalTerms: {},
  invoiceRequested: false,
  invoiceName: "",
  invoiceSSN: "",
  invoiceAddress: "",
  invoiceCity: "",
  invoicePostalCode: "",
}
