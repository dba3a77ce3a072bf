import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { WireText } from "../domain/shared/wireText.ts"
import { HumanCheckFailed } from "./HumanCheckApi.ts"
import { InvalidMobileNumber, SignInCodeBackoff, SmsFailed } from "./messagingErrors.ts"
import { SavedCardNotFound } from "./PaymentApi.ts"
import { CustomerSession, LoginRequired } from "./sessions.ts"
import { CustomerAuthHeader, LangQuery, PositiveInt } from "./shared.ts"

/** Customer-facing wire names are PascalCase, as the spec writes the Customer entity. */
export const Location = Schema.Struct({
  LocationId: Schema.Int,
  Name: Schema.String,
  City: Schema.String,
  Address: Schema.String,
  IsOnline: Schema.Boolean,
})
export type Location = typeof Location.Type

export const LocationList = Schema.Struct({ locations: Schema.Array(Location) })
export type LocationList = typeof LocationList.Type

/** A saved card as its owner sees it: the provider keeps the card, we keep its token and these. */
export const MagCard = Schema.Struct({
  id: Schema.String,
  last4: Schema.String,
  brand: Schema.String,
  expMonth: Schema.Int,
  expYear: Schema.Int,
})
export type MagCard = typeof MagCard.Type

export const CustomerInfo = Schema.Struct({
  CustomerId: Schema.Int,
  FirstName: Schema.String,
  LastName: Schema.String,
  EmailAddress1: Schema.NullOr(Schema.String),
  MobileNumber1: Schema.String,
  MagCards: Schema.Array(MagCard),
})
export type CustomerInfo = typeof CustomerInfo.Type

export const LoggedInCustomer = Schema.Struct({ customerInfo: CustomerInfo, uuid: Schema.String })
export type LoggedInCustomer = typeof LoggedInCustomer.Type

/** Spec §8: no customer has this mobile number (and the caller did not ask for a code regardless). */
export class CustomerNotFound extends Schema.TaggedError<CustomerNotFound>()(
  "CustomerNotFound",
  { error: Schema.Literal("CUSTOMER_NOT_FOUND") },
  { httpApiStatus: 404 },
) {}

/** Spec §8 INVALID_SMS_CODE ('Code is invalid'): wrong, expired, already used or tried too often. */
export class InvalidSmsCode extends Schema.TaggedError<InvalidSmsCode>()(
  "InvalidSmsCode",
  { error: Schema.Literal("INVALID_SMS_CODE") },
  { httpApiStatus: 400 },
) {}

export class CustomerApi extends HttpApiGroup.make("customer")
  .add(
    HttpApiEndpoint.get("locations", "/customer/locations", {
      query: { lang: LangQuery },
      success: LocationList,
    }),
  )
  .add(
    HttpApiEndpoint.post("mobileLogin", "/customer/mobile-login", {
      /** ours: the language the code's SMS is written in */
      query: { lang: LangQuery },
      payload: Schema.Struct({
        mobileNumber: WireText,
        recaptchaToken: Schema.optional(WireText),
        sendSmsRegardlessOfCustomerExistence: Schema.optional(Schema.Boolean),
      }),
      // the same answer for a number with an account and one without (no CUSTOMER_NOT_FOUND): only the phone
      // learns, by the message that comes or not; resends back off as the area's sign-in's do
      success: Schema.Struct({ success: Schema.Boolean }),
      error: [HumanCheckFailed, InvalidMobileNumber, SignInCodeBackoff, SmsFailed],
    }),
  )
  .add(
    HttpApiEndpoint.post("mobileLoginValidation", "/customer/mobile-login-validation-area", {
      payload: Schema.Struct({ smsCode: WireText, mobileNumber: WireText }),
      success: LoggedInCustomer,
      error: [InvalidMobileNumber, InvalidSmsCode],
    }),
  )
  .add(
    // the uuid to revoke is the credential itself, read as a header: logging out is not "who is asking"
    HttpApiEndpoint.post("logout", "/customer/logout", {
      headers: CustomerAuthHeader,
      success: Schema.Struct({ success: Schema.Boolean }),
    }),
  )
  .add(
    // ours: the spec reads a customer's MagCards from the login answer; a page opened later asks again
    HttpApiEndpoint.get("savedCards", "/customer/saved-cards", {
      /** only the cards the card provider of this location can charge (1173 and 1181 use the second one) */
      query: { locationId: Schema.optional(PositiveInt) },
      success: Schema.Struct({ MagCards: Schema.Array(MagCard) }),
      error: LoginRequired,
    }).middleware(CustomerSession),
  )
  .add(
    HttpApiEndpoint.delete("deleteSavedCard", "/customer/saved-cards/:id", {
      params: { id: WireText },
      success: Schema.Struct({ success: Schema.Boolean }),
      error: [LoginRequired, SavedCardNotFound],
    }).middleware(CustomerSession),
  ) {}
