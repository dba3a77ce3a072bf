import en from "../../../locales/en.json" with { type: "json" }
import he from "../../../locales/he.json" with { type: "json" }
import names from "../../../locales/names.json" with { type: "json" }
import type { LocaleCode } from "../../api/shared.ts"
import type { MarketingFormKind } from "../../domain/forms/marketingFormKinds.ts"
import { MARKETING_FORM_FIELDS } from "../../domain/forms/marketingForms.ts"
import type { MessagePath } from "./templates.ts"

/**
 * The venue's copy of a marketing form (issue 19): a plain-text e-mail in the chain's language (Hebrew), each
 * field under the label the asker saw, choices in words, the cinema by name, and the language the asker wrote
 * in, so the venue answers in it. Labels come from the page's own texts (`forms.fields`, `forms.options`).
 */

const VENUE_LOCALE: LocaleCode = "he"

interface VenueForm {
  readonly kind: MarketingFormKind
  readonly reference: string
  readonly fields: Readonly<Record<string, string>>
  readonly locationName?: string | null | undefined
  readonly askerLocale: string
}

type Translate = (locale: LocaleCode, path: MessagePath, values?: Record<string, string>) => string

const pageText = (path: ReadonlyArray<string>): string | undefined => {
  for (const table of [he.forms, en.forms] as ReadonlyArray<unknown>) {
    let node = table
    for (const part of path)
      node = typeof node === "object" && node !== null ? (node as never)[part] : undefined
    if (typeof node === "string") return node
  }
  return undefined
}

export const venueFormMessage = (
  form: VenueForm,
  translate: Translate,
): { readonly subject: string; readonly body: string } => {
  const lines = MARKETING_FORM_FIELDS[form.kind].flatMap(({ name, kind }) => {
    const value = form.fields[name]
    if (value === undefined) return []
    const shown =
      kind.type === "location"
        ? (form.locationName ?? value)
        : kind.type === "choice"
          ? (pageText(["options", name, value]) ?? value)
          : value
    return [`${pageText(["fields", name]) ?? name}: ${shown}`]
  })
  const language = (names as Readonly<Record<string, string>>)[form.askerLocale] ?? form.askerLocale
  return {
    subject: translate(VENUE_LOCALE, `marketingForm.subject.${form.kind}`, { reference: form.reference }),
    body: [
      translate(VENUE_LOCALE, "marketingForm.intro", { reference: form.reference }),
      lines.join("\n"),
      translate(VENUE_LOCALE, "marketingForm.askerLanguage", { language }),
    ].join("\n\n"),
  }
}
