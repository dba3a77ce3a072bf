import { Option, Result, Schema } from "effect"
import ar from "../../../locales/ar.json" with { type: "json" }
import bg from "../../../locales/bg.json" with { type: "json" }
import cs from "../../../locales/cs.json" with { type: "json" }
import en from "../../../locales/en.json" with { type: "json" }
import he from "../../../locales/he.json" with { type: "json" }
import hu from "../../../locales/hu.json" with { type: "json" }
import pl from "../../../locales/pl.json" with { type: "json" }
import ro from "../../../locales/ro.json" with { type: "json" }
import ru from "../../../locales/ru.json" with { type: "json" }
import sk from "../../../locales/sk.json" with { type: "json" }
import { LocaleCode } from "../../api/shared.ts"
import { MARKETING_FORMS } from "../../domain/forms/marketingFormKinds.ts"
import type { MessageChannel, OutgoingMessage } from "../providers/messaging/Messenger.ts"
import { venueFormMessage } from "./venueForm.ts"

/**
 * Turns an outbox row (a template name and its values, src/server/payment/outbox.ts) into the text a buyer
 * reads, in the language stored with the row. The texts are the `messages` key of `locales/*.json`, so
 * translators find them beside the app's own; a locale that lacks one falls back to English.
 */

/** The buyer's language when the row does not say (orders paid before the language was stored). */
export const DEFAULT_MESSAGE_LOCALE: LocaleCode = "he"

type Messages = typeof en.messages
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`
}[keyof T & string]
export type MessagePath = Paths<Messages>

const TABLES: Record<LocaleCode, unknown> = {
  he: he.messages,
  en: en.messages,
  ru: ru.messages,
  ar: (ar as { messages?: unknown }).messages,
  pl: (pl as { messages?: unknown }).messages,
  sk: (sk as { messages?: unknown }).messages,
  ro: (ro as { messages?: unknown }).messages,
  bg: (bg as { messages?: unknown }).messages,
  cs: (cs as { messages?: unknown }).messages,
  hu: (hu as { messages?: unknown }).messages,
}

const lookup = (table: unknown, path: string): string | undefined => {
  let node = table
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === "string" ? node : undefined
}

const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "")

/** A text in the locale, else in English, else its key (a gap stays visible instead of sending nothing). */
export const translate = (
  locale: LocaleCode,
  path: MessagePath,
  values: Record<string, string> = {},
): string => fill(lookup(TABLES[locale], path) ?? lookup(TABLES.en, path) ?? `messages.${path}`, values)

const Locale = Schema.optional(Schema.NullOr(Schema.String))
const FirstName = Schema.optional(Schema.NullOr(Schema.String))

/** What `outbox.payload` holds, per template (the rows outbox.ts writes). */
const OutboxPayload = Schema.Union([
  Schema.Struct({
    template: Schema.Literal("orderPaid"),
    reservationIdentifier: Schema.String,
    eTicketPath: Schema.String,
    firstName: FirstName,
    locale: Locale,
  }),
  Schema.Struct({
    template: Schema.Literal("sendTickets"),
    reservationIdentifier: Schema.String,
    eTicketPath: Schema.String,
    locale: Locale,
  }),
  Schema.Struct({
    template: Schema.Literal("loginCode"),
    code: Schema.String,
    locale: Locale,
  }),
  Schema.Struct({
    template: Schema.Literal("signInLink"),
    path: Schema.String,
    locale: Locale,
  }),
  Schema.Struct({
    template: Schema.Literal("contactCode"),
    code: Schema.String,
    locale: Locale,
  }),
  Schema.Struct({
    template: Schema.Literal("paymentRefunded"),
    reservationIdentifier: Schema.String,
    reason: Schema.String,
    firstName: FirstName,
    locale: Locale,
  }),
  Schema.Struct({
    template: Schema.Literal("cancellationRefunded"),
    reservationIdentifier: Schema.String,
    refundAgorot: Schema.Number,
    method: Schema.Literals(["originalPayment", "transactionCredit"]),
    firstName: FirstName,
    locale: Locale,
  }),
])
/** A marketing form for the venue (src/server/forms/MarketingForms.ts): rendered by venueForm.ts. */
const MarketingFormPayload = Schema.Struct({
  template: Schema.Literal("marketingForm"),
  kind: Schema.Literals(MARKETING_FORMS),
  reference: Schema.String,
  fields: Schema.Record(Schema.String, Schema.String),
  locationName: Schema.optional(Schema.NullOr(Schema.String)),
  askerLocale: Schema.String,
})
const decodeMarketingForm = Schema.decodeUnknownOption(MarketingFormPayload)
const decodePayload = Schema.decodeUnknownOption(OutboxPayload)
const isLocale = Schema.is(LocaleCode)

const REFUND_REASONS: ReadonlySet<string> = new Set([
  "seatHoldLost",
  "orderCancelled",
  "unableToProcessOrder",
])

export type RenderedMessage = Omit<OutgoingMessage, "reference">

/**
 * The message for one outbox row, or why it cannot be rendered (an unknown template or a malformed payload:
 * retrying will not help). `publicUrl` is where buyers open the site; links in the payload are paths on it.
 */
export const renderOutboxMessage = (
  channel: MessageChannel,
  recipient: string,
  payload: unknown,
  publicUrl: string,
): Result.Result<RenderedMessage, string> => {
  const form = decodeMarketingForm(payload)
  if (Option.isSome(form))
    return channel === "email"
      ? Result.succeed({ channel, recipient, ...venueFormMessage(form.value, translate) })
      : Result.fail("a marketing form goes by e-mail only")
  const decoded = decodePayload(payload)
  if (Option.isNone(decoded)) {
    const template = lookup(payload, "template") ?? "(none)"
    return Result.fail(`outbox payload not renderable (template ${template})`)
  }
  const row = decoded.value
  const locale = row.locale != null && isLocale(row.locale) ? row.locale : DEFAULT_MESSAGE_LOCALE
  // a login code (src/server/customer/CustomerAuth.ts) goes by SMS only and names no order
  if (row.template === "loginCode")
    return channel === "sms"
      ? Result.succeed({
          channel,
          recipient,
          subject: null,
          body: translate(locale, "loginCode.sms", { code: row.code }),
        })
      : Result.fail("a login code goes by SMS only")
  // a customer area sign-in link (src/server/customer/signIn/LinkTokens.ts), by SMS or e-mail; names no order
  if (row.template === "signInLink") {
    const link = new URL(row.path, publicUrl).toString()
    return Result.succeed(
      channel === "sms"
        ? { channel, recipient, subject: null, body: translate(locale, "signInLink.sms", { link }) }
        : {
            channel,
            recipient,
            subject: translate(locale, "signInLink.subject"),
            body: [
              translate(locale, "greetingNoName"),
              translate(locale, "signInLink.email", { link }),
              translate(locale, "signature"),
            ].join("\n\n"),
          },
    )
  }
  // a contact verification code (src/server/cart/ContactVerification.ts) goes by SMS or e-mail and names no order
  if (row.template === "contactCode")
    return Result.succeed(
      channel === "sms"
        ? {
            channel,
            recipient,
            subject: null,
            body: translate(locale, "contactCode.sms", { code: row.code }),
          }
        : {
            channel,
            recipient,
            subject: translate(locale, "contactCode.subject"),
            body: [
              translate(locale, "greetingNoName"),
              translate(locale, "contactCode.email", { code: row.code }),
              translate(locale, "signature"),
            ].join("\n\n"),
          },
    )
  const values: Record<string, string> = { orderId: row.reservationIdentifier }
  if (row.template === "cancellationRefunded") {
    // the amount as the area shows money: shekels with agorot, the sign before the number
    values.amount = `₪${(row.refundAgorot / 100).toFixed(2)}`
    values.destination = translate(locale, `refundDestination.${row.method}`)
  } else if (row.template === "paymentRefunded") {
    values.reason = translate(
      locale,
      REFUND_REASONS.has(row.reason) ? (`refundReason.${row.reason}` as MessagePath) : "refundReason.other",
    )
  } else {
    values.link = new URL(row.eTicketPath, publicUrl).toString()
  }
  if (channel === "sms")
    return Result.succeed({
      channel,
      recipient,
      subject: null,
      body: translate(locale, `${row.template}.sms`, values),
    })

  const firstName = "firstName" in row ? (row.firstName ?? "").trim() : ""
  const greeting =
    firstName === "" ? translate(locale, "greetingNoName") : translate(locale, "greeting", { firstName })
  return Result.succeed({
    channel,
    recipient,
    subject: translate(locale, `${row.template}.subject`, values),
    body: [greeting, translate(locale, `${row.template}.email`, values), translate(locale, "signature")].join(
      "\n\n",
    ),
  })
}
