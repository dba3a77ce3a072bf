import { useQuery } from "@tanstack/react-query"
import { type FormEvent, useEffect, useState } from "react"
import { isMarketingFormKind, type MarketingFormKind } from "../../domain/forms/marketingFormKinds.ts"
import {
  addDays,
  checkMarketingForm,
  MARKETING_FORM_FIELDS,
  type MarketingField,
  type MarketingFieldError,
  type MarketingFormErrors,
} from "../../domain/forms/marketingForms.ts"
import type { MessageKey } from "../i18n/dictionaries.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { type Translate, useT } from "../i18n/useI18n.ts"
import { apiSend } from "../lib/api.ts"
import { locationsQueryOptions } from "../whats-on/queries.ts"
import "./forms.css"

/**
 * A marketing form (issue 19): a birthday party request, a job application or a contact message. The fields and
 * their rules are the domain's (src/domain/forms/marketingForms.ts), checked here before sending and again by the
 * server, which stores the form and mails it to the venue. Nothing is kept in the browser: what a person typed
 * about themselves leaves with the form.
 */

type Status =
  | { readonly state: "editing" }
  | { readonly state: "sending" }
  | { readonly state: "sent"; readonly reference: string }
  | { readonly state: "problem"; readonly text: MessageKey }

/** The venue's date today (Asia/Jerusalem): the party date's bounds count from it. */
const venueToday = (): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jerusalem" }).format(new Date())

const errorText = (error: MarketingFieldError, name: string, t: Translate): string => {
  switch (error.rule) {
    case "min":
      return t("validation.min", { name, min: error.min })
    case "max":
      return t("validation.max", { name, max: error.max })
    case "atLeast":
      return t("forms.atLeast", { name, min: error.min })
    case "atMost":
      return t("forms.atMost", { name, max: error.max })
    case "mobile":
      return t("orderSteps.customer.mobile")
    case "notValid":
      return t("validation.notValid", { field: name })
    default:
      return t(`validation.${error.rule}`, { name })
  }
}

const INPUTS: Record<
  string,
  { type: string; autoComplete: string; inputMode?: "numeric" | "tel" | "email" }
> = {
  firstName: { type: "text", autoComplete: "given-name" },
  lastName: { type: "text", autoComplete: "family-name" },
  email: { type: "email", autoComplete: "email", inputMode: "email" },
  mobileNumber: { type: "tel", autoComplete: "tel", inputMode: "tel" },
  date: { type: "date", autoComplete: "off" },
  childAge: { type: "text", autoComplete: "off", inputMode: "numeric" },
  guestCount: { type: "text", autoComplete: "off", inputMode: "numeric" },
}

export const MarketingFormPage = ({
  kind,
  locale,
}: {
  readonly kind: string
  readonly locale: LocaleCode
}) => {
  const t = useT()
  const known = isMarketingFormKind(kind)
  const title = known ? t(`forms.titles.${kind}`) : t("errors.notFound")
  useEffect(() => {
    document.title = `${title} · ${t("app.brand")}`
  }, [t, title])
  if (!known) return <h1 data-testid="not-found">{title}</h1>
  return <MarketingForm key={kind} kind={kind} locale={locale} title={title} t={t} />
}

const MarketingForm = ({
  kind,
  locale,
  title,
  t,
}: {
  readonly kind: MarketingFormKind
  readonly locale: LocaleCode
  readonly title: string
  readonly t: Translate
}) => {
  const locations = useQuery(locationsQueryOptions(locale))
  const [values, setValues] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<MarketingFormErrors>({})
  const [status, setStatus] = useState<Status>({ state: "editing" })
  const today = venueToday()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const ids = new Set((locations.data?.locations ?? []).map((location) => location.LocationId))
    // without the list (offline, failed) the server alone judges the cinema
    const checked = checkMarketingForm(kind, values, { today, locationIds: ids })
    const local = { ...checked.errors }
    if (ids.size === 0 && local.locationId?.rule === "notValid") delete local.locationId
    setErrors(local)
    if (Object.keys(local).length > 0) return
    setStatus({ state: "sending" })
    try {
      const answer = await apiSend<{ reference?: string; error?: string; fields?: MarketingFormErrors }>(
        "POST",
        `/forms/${kind}`,
        { values, lang: locale },
      )
      if (answer.ok && answer.body?.reference !== undefined)
        return setStatus({ state: "sent", reference: answer.body.reference })
      if (answer.body?.error === "formInvalid") {
        setErrors(answer.body.fields ?? {})
        return setStatus({ state: "editing" })
      }
      setStatus({ state: "problem", text: answer.status === 429 ? "forms.limited" : "forms.failed" })
    } catch {
      setStatus({ state: "problem", text: "forms.failed" })
    }
  }

  if (status.state === "sent")
    return (
      <section className="mform" aria-labelledby="mform-title">
        <h1 id="mform-title">{title}</h1>
        <p className="mform__notice" role="status" data-testid="form-sent">
          {t("forms.sent", { reference: status.reference })}
        </p>
        <button
          type="button"
          className="button button--ghost mform__send"
          onClick={() => {
            setValues({})
            setStatus({ state: "editing" })
          }}
        >
          {t("forms.sendAnother")}
        </button>
      </section>
    )

  const control = (field: MarketingField, id: string) => {
    const error = errors[field.name]
    const common = {
      id,
      name: field.name,
      className: "field__input",
      required: field.required,
      "aria-invalid": error !== undefined,
      "aria-describedby": error !== undefined ? `${id}-error` : undefined,
      value: values[field.name] ?? "",
      onChange: (event: { target: { value: string } }) =>
        setValues({ ...values, [field.name]: event.target.value }),
    }
    const { kind: fieldKind } = field
    if (fieldKind.type === "location" || fieldKind.type === "choice") {
      const options =
        fieldKind.type === "choice"
          ? fieldKind.options.map((option) => ({
              value: option,
              text: t(`forms.options.${field.name}.${option}` as MessageKey),
            }))
          : (locations.data?.locations ?? []).map((l) => ({ value: String(l.LocationId), text: l.Name }))
      return (
        <select {...common}>
          <option value="">{t("forms.choose")}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      )
    }
    if (field.multiline) return <textarea {...common} />
    const input = INPUTS[field.name] ?? { type: "text", autoComplete: "off" }
    const dates =
      fieldKind.type === "date"
        ? { min: addDays(today, fieldKind.minDaysAhead), max: addDays(today, fieldKind.maxDaysAhead) }
        : {}
    return (
      <input
        {...common}
        {...dates}
        type={input.type}
        autoComplete={input.autoComplete}
        inputMode={input.inputMode}
        dir={input.type === "email" || input.type === "tel" ? "ltr" : undefined}
        title={fieldKind.type === "date" ? t("forms.dateHint") : undefined}
      />
    )
  }

  return (
    <form
      className="mform"
      aria-labelledby="mform-title"
      noValidate
      onSubmit={submit}
      data-testid={`form-${kind}`}
    >
      <h1 id="mform-title">{title}</h1>
      <p className="mform__intro">{t(`forms.intros.${kind}`)}</p>
      <div className="mform__fields">
        {MARKETING_FORM_FIELDS[kind].map((field) => {
          const id = `mform-${field.name}`
          const label = t(`forms.fields.${field.name}` as MessageKey)
          const error = errors[field.name]
          return (
            <div key={field.name} className={`field${field.multiline ? " mform__field--wide" : ""}`}>
              <label className="field__label" htmlFor={id}>
                {label}
                {field.required ? (
                  <span aria-hidden="true"> *</span>
                ) : (
                  <span className="mform__hint"> ({t("forms.optional")})</span>
                )}
              </label>
              {control(field, id)}
              {error !== undefined ? (
                <p id={`${id}-error`} className="field__error" data-testid={`error-${field.name}`}>
                  {errorText(error, label, t)}
                </p>
              ) : null}
            </div>
          )
        })}
      </div>
      {status.state === "problem" ? (
        <p className="mform__notice mform__notice--problem" role="alert" data-testid="form-problem">
          {t(status.text)}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary mform__send"
        disabled={status.state === "sending"}
        data-testid="form-send"
      >
        {status.state === "sending" ? t("forms.sending") : t("forms.send")}
      </button>
    </form>
  )
}
