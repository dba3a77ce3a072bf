import type { ReactNode } from "react"
import type {
  CustomerFormConfig,
  CustomerFormValues,
  FieldError,
  FieldErrors,
  FormField,
} from "../../../domain/order/customerInfo.ts"
import type { MessageKey } from "../../i18n/dictionaries.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { TermsLink } from "../../terms/TermsLink.tsx"

type Props = {
  readonly values: CustomerFormValues
  readonly errors: FieldErrors
  readonly config: CustomerFormConfig
  readonly invoiceEnabled: boolean
  readonly onChange: (values: CustomerFormValues) => void
  /** news by e-mail and SMS; starts as the site's `mailingDefault` flag says */
  readonly mailing: boolean
  readonly onMailing: (mailing: boolean) => void
  readonly locale: LocaleCode
  readonly t: Translate
  /** the verification beside the e-mail and mobile fields, where the site's flags ask for one */
  readonly verify?: { readonly email?: ReactNode; readonly mobileNumber?: ReactNode }
}

type TextField = Exclude<keyof CustomerFormValues, "additionalTerms" | "invoiceRequested">

/** The spec's messages (section `validation`) with the field's own label in them. */
export const errorText = (error: FieldError, label: string, t: Translate): string => {
  switch (error.rule) {
    case "min":
      return t("validation.min", { name: label, min: error.min })
    case "max":
      return t("validation.max", { name: label, max: error.max })
    case "mismatch":
      return t("orderSteps.customer.mismatch", { name: label })
    case "mobile":
      return t("orderSteps.customer.mobile")
    case "invalidSSN":
      return t("orderSteps.codes.invalidSSN")
    case "date":
      return t("validation.notValid", { field: label })
    case "unverified":
      return t(
        error.channel === "mobile"
          ? "orderSteps.customer.verify.unverifiedMobile"
          : "orderSteps.customer.verify.unverifiedEmail",
      )
    default:
      return t(`validation.${error.rule}`, { name: label })
  }
}

const inputs: Partial<
  Record<TextField, { type: string; autoComplete: string; inputMode?: "numeric" | "tel" | "email" }>
> = {
  firstName: { type: "text", autoComplete: "given-name" },
  lastName: { type: "text", autoComplete: "family-name" },
  email: { type: "email", autoComplete: "email", inputMode: "email" },
  emailConfirm: { type: "email", autoComplete: "off", inputMode: "email" },
  mobileNumber: { type: "tel", autoComplete: "tel", inputMode: "tel" },
  mobileConfirm: { type: "tel", autoComplete: "off", inputMode: "tel" },
  ssn: { type: "text", autoComplete: "off", inputMode: "numeric" },
  address1: { type: "text", autoComplete: "address-line1" },
  address2: { type: "text", autoComplete: "address-line2" },
  city: { type: "text", autoComplete: "address-level2" },
  postalCode: { type: "text", autoComplete: "postal-code", inputMode: "numeric" },
  dateOfBirth: { type: "date", autoComplete: "bday" },
  invoiceName: { type: "text", autoComplete: "organization" },
  invoiceSSN: { type: "text", autoComplete: "off", inputMode: "numeric" },
  invoiceAddress: { type: "text", autoComplete: "off" },
  invoiceCity: { type: "text", autoComplete: "off" },
  invoicePostalCode: { type: "text", autoComplete: "off", inputMode: "numeric" },
}

/** The customer-info form's fields, as the order type's form config includes and requires them. */
export const CustomerFields = ({
  values,
  errors,
  config,
  invoiceEnabled,
  onChange,
  mailing,
  onMailing,
  locale,
  t,
  verify,
}: Props) => {
  const label = (name: TextField) => t(`orderSteps.customer.fields.${name}` as MessageKey)
  const field = (name: TextField, required: boolean): ReactNode => {
    const error = errors[name]
    const id = `customer-${name}`
    const spec = inputs[name] ?? { type: "text", autoComplete: "off" }
    return (
      <div className="field" key={name}>
        <label className="field__label" htmlFor={id}>
          {label(name)}
          {required ? <span aria-hidden="true"> *</span> : ` ${t("orderSteps.customer.optional")}`}
        </label>
        <input
          id={id}
          name={name}
          className="field__input"
          type={spec.type}
          autoComplete={spec.autoComplete}
          inputMode={spec.inputMode}
          dir={spec.type === "email" || spec.type === "tel" ? "ltr" : undefined}
          required={required}
          aria-required={required}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? `${id}-error` : undefined}
          value={values[name] as string}
          onChange={(event) => onChange({ ...values, [name]: event.target.value })}
        />
        {error !== undefined ? (
          <p id={`${id}-error`} className="field__error" data-testid={`error-${name}`}>
            {errorText(error, label(name), t)}
          </p>
        ) : null}
      </div>
    )
  }
  const check = (
    name: FormField | "mailing",
    checked: boolean,
    text: string,
    set: (checked: boolean) => void,
    after?: ReactNode,
  ) => {
    const error = name === "mailing" ? undefined : errors[name]
    const id = `customer-${name.replace(".", "-")}`
    return (
      <div className="field" key={name}>
        <label className="check" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={checked}
            aria-invalid={error !== undefined}
            aria-describedby={error !== undefined ? `${id}-error` : undefined}
            onChange={(event) => set(event.target.checked)}
          />
          <span>{text}</span>
        </label>
        {after}
        {error !== undefined ? (
          <p id={`${id}-error`} className="field__error" data-testid={`error-${name}`}>
            {errorText(error, text, t)}
          </p>
        ) : null}
      </div>
    )
  }
  const f = config.fields
  return (
    <>
      <fieldset className="form-group">
        <legend className="form-group__title">{t("orderSteps.customer.contact")}</legend>
        <div className="form-grid">
          {f.firstName.isIncluded ? field("firstName", f.firstName.isRequired) : null}
          {f.lastName.isIncluded ? field("lastName", f.lastName.isRequired) : null}
          {f.email.isIncluded ? field("email", f.email.isRequired) : null}
          {f.email.isIncluded ? field("emailConfirm", f.email.isRequired) : null}
          {f.email.isIncluded ? verify?.email : null}
          {f.mobileNumber.isIncluded ? field("mobileNumber", f.mobileNumber.isRequired) : null}
          {f.mobileNumber.isIncluded ? field("mobileConfirm", f.mobileNumber.isRequired) : null}
          {f.mobileNumber.isIncluded ? verify?.mobileNumber : null}
          {f.ssn.isIncluded ? field("ssn", f.ssn.isRequired) : null}
          {f.dateOfBirth.isIncluded ? field("dateOfBirth", f.dateOfBirth.isRequired) : null}
          {f.address1.isIncluded ? field("address1", f.address1.isRequired) : null}
          {f.address2.isIncluded ? field("address2", f.address2.isRequired) : null}
          {f.city.isIncluded ? field("city", f.city.isRequired) : null}
          {f.postalCode.isIncluded ? field("postalCode", f.postalCode.isRequired) : null}
        </div>
      </fieldset>
      {invoiceEnabled ? (
        <fieldset className="form-group">
          <legend className="form-group__title">{t("orderSteps.customer.invoiceTitle")}</legend>
          {check(
            "invoiceRequested",
            values.invoiceRequested,
            t("orderSteps.customer.invoiceRequested"),
            (on) => onChange({ ...values, invoiceRequested: on }),
          )}
          {values.invoiceRequested ? (
            <div className="form-grid">
              {field("invoiceName", true)}
              {field("invoiceSSN", true)}
              {field("invoiceAddress", true)}
              {field("invoiceCity", true)}
              {field("invoicePostalCode", false)}
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <fieldset className="form-group">
        <legend className="form-group__title">{t("orderSteps.customer.termsTitle")}</legend>
        {config.additionalTerms
          .filter((term) => term.isIncluded)
          .map((term) =>
            check(
              `term.${term.code}`,
              values.additionalTerms[term.code] === true,
              term.code === "SUMMER_PROMO" ? t("orderSteps.customer.summerPromo") : term.code,
              (on) =>
                onChange({ ...values, additionalTerms: { ...values.additionalTerms, [term.code]: on } }),
              <TermsLink code={term.code} locale={locale} t={t} />,
            ),
          )}
        {check("mailing", mailing, t("orderSteps.customer.mailing"), onMailing)}
      </fieldset>
    </>
  )
}
