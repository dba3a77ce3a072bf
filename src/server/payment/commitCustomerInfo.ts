import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { CommitAnswersRefused, ContactNotVerified } from "../../api/CommitRefusals.ts"
import type { CommitRequest } from "../../api/PaymentApi.ts"
import {
  acceptedTermCodes,
  missingTerms,
  type SiteFlags,
  termsSatisfied,
} from "../../domain/order/agreements.ts"
import { channelsToVerify, unverifiedChannels } from "../../domain/order/contactVerification.ts"
import {
  type CustomerFormConfig,
  type CustomerFormType,
  customerInfoErrors,
} from "../../domain/order/customerInfo.ts"
import { type InvoiceDetails, normalizeInvoice, validateInvoice } from "../../domain/order/invoiceDetails.ts"
import { isVodVenueType } from "../../domain/shared/venueType.ts"
import { verifiedContacts } from "../cart/ContactVerificationRepo.ts"
import type { Contact } from "./commitContact.ts"

/**
 * The buyer's answers that travel with the commit (issue 13, defect 1): the terms of purchase, the additional
 * terms of the order type's form, the invoice details, and the buyer's details themselves (issue 14, item 3). The browser checks them with the same domain rules
 * (src/domain/order/agreements.ts, invoiceDetails.ts); here they are checked again, because a request can skip
 * the browser, and stored with the order.
 */

export interface OrderAnswers {
  readonly termsAccepted: boolean
  readonly additionalTerms: ReadonlyArray<string>
  readonly invoice: InvoiceDetails | null
}

export interface AnswerRules {
  readonly flags: SiteFlags
  /** config param 66 */
  readonly invoiceEnabled: boolean
  /** the customer-info forms the site serves, per order type */
  readonly forms: Readonly<Record<CustomerFormType, CustomerFormConfig>>
}

const refused = (code: CommitAnswersRefused["code"]) => new CommitAnswersRefused({ code })

/** The customer-info form of a ticket order: the video-on-demand form for a VOD presentation. */
export const presentationForm = Effect.fn("CommitAnswers.presentationForm")(function* (
  presentationId: number,
  rules: AnswerRules,
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ venueTypeId: number }>`
    SELECT v.venue_type_id AS "venueTypeId" FROM presentations p JOIN venues v ON v.id = p.venue_id
    WHERE p.id = ${presentationId}`.pipe(Effect.orDie)
  return isVodVenueType(rows[0]?.venueTypeId ?? 0) ? rules.forms.vod : rules.forms.order
})

/** Checks the answers by the order's form; fails with a 400 code and writes nothing. */
export const checkAnswers = Effect.fn("CommitAnswers.check")(function* (
  request: CommitRequest,
  form: CustomerFormConfig,
  rules: AnswerRules,
) {
  if (!termsSatisfied(rules.flags, request.termsAccepted)) return yield* refused("termsRequired")
  // the buyer's details by the form's own rules: a request that skipped the browser meets them here
  const info = request.cart.customerInfo
  if (info === null || Object.keys(customerInfoErrors(info, form)).length > 0)
    return yield* refused("customerInfoInvalid")
  const ticked = Object.fromEntries((request.additionalTerms ?? []).map((code) => [code, true]))
  const accepted = acceptedTermCodes(form.additionalTerms, ticked)
  if (missingTerms(form.additionalTerms, accepted).length > 0) return yield* refused("additionalTermRequired")
  const invoice = request.invoice ?? null
  if (invoice !== null && (!rules.invoiceEnabled || Object.keys(validateInvoice(invoice)).length > 0))
    return yield* refused("invoiceInvalid")
  return {
    termsAccepted: request.termsAccepted,
    additionalTerms: accepted,
    invoice: invoice === null ? null : normalizeInvoice(invoice),
  } satisfies OrderAnswers
})

/**
 * Where the site's flags ask to verify the mobile number or the e-mail address (`mobileVerification`,
 * `emailVerification`), the cart must have verified exactly the ones in the customer info
 * (src/domain/order/contactVerification.ts says what "exactly" is); else 400 `ContactNotVerified` for the first
 * missing, mobile first, and nothing is written. The flags are the server's own, never the request's.
 */
export const checkContactsVerified = Effect.fn("CommitAnswers.contactsVerified")(function* (
  cartToken: string,
  contact: Contact,
  flags: SiteFlags,
) {
  if (channelsToVerify(flags).length === 0) return
  const verified = yield* verifiedContacts(cartToken).pipe(Effect.orDie)
  const missing = unverifiedChannels(flags, contact, verified)[0]
  if (missing !== undefined)
    return yield* new ContactNotVerified({ error: "contactNotVerified", channel: missing })
})

/** Stores the answers with the order, in the commit's transaction. */
export const storeAnswers = Effect.fn("CommitAnswers.store")(function* (
  orderId: number,
  answers: OrderAnswers,
) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    UPDATE reservations SET terms_accepted = ${answers.termsAccepted},
      additional_terms = ${`{${answers.additionalTerms.map((code) => JSON.stringify(code)).join(",")}}`}::text[],
      invoice = ${answers.invoice === null ? null : JSON.stringify(answers.invoice)}::jsonb
    WHERE id = ${orderId}`
})
