import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { WireText } from "../domain/shared/wireText.ts"
import { CustomerInfo, InvalidSmsCode } from "./CustomerApi.ts"
import { HumanCheckFailed } from "./HumanCheckApi.ts"
import { InvalidMobileNumber, SignInCodeBackoff, SmsFailed } from "./messagingErrors.ts"
import { CustomerSession, LoginRequired } from "./sessions.ts"
import { CustomerAuthHeader, LangQuery } from "./shared.ts"

/**
 * The customer area's sign-ins (spec §6 logged-in customer, §7 Customer and login, issue 15). Five ways in, one
 * session: every success answers a new `uuid` (the spec's session header) and the customer as the area shows them.
 *
 * Code sign-ins (mobile number, ID number, reservation number) are two calls. The first sends a 6-digit code to a
 * phone — the one typed, or the one on file for the account the ID or reservation number names — and answers an
 * opaque `signInChallenge` whether or not an account was found (nothing is sent then, and the answer is the same).
 * The second, `mobile-login-validation {smsCode}`, carries that challenge in the `x-sign-in-challenge` header: the
 * server knows from it which phone the code went to and which account it opens, so the browser never names a
 * phone or an account it could swap, and the challenge alone opens nothing (it is useless without the code, and a
 * code without its challenge names nothing). The server keeps only the challenge's SHA-256.
 *
 * Member number + ID number signs in at once (the loyalty login's proof, issue 14 item 1), as e-mail + password
 * does; both count every try per account and per client. A link (`/customer/{token}`) signs in once.
 */

/** A customer as the area shows them; the ID number only masked (`******789`), never whole. */
export const CustomerAreaInfo = Schema.Struct({
  CustomerId: Schema.Int,
  FirstName: Schema.String,
  LastName: Schema.String,
  EmailAddress1: Schema.NullOr(Schema.String),
  MobileNumber1: Schema.String,
  MaskedSsn: Schema.NullOr(Schema.String),
})
export type CustomerAreaInfo = typeof CustomerAreaInfo.Type

/** Every sign-in's success: the new session and who it is. */
export const SignedIn = Schema.Struct({ customerAreaInfo: CustomerAreaInfo, uuid: Schema.String })
export type SignedIn = typeof SignedIn.Type

/** The first call of a code sign-in: name this in `x-sign-in-challenge` with the typed code. */
export const CodeSent = Schema.Struct({ success: Schema.Boolean, signInChallenge: Schema.String })
export type CodeSent = typeof CodeSent.Type

export const MembershipSummary = Schema.Struct({
  MemberNumber: Schema.String,
  MembershipId: Schema.Int,
  StartDate: Schema.String,
  EndDate: Schema.String,
})

/** `POST /customer/login`: the checkout's customerInfo (saved cards), the area's, memberships when asked. */
export const PasswordSignedIn = Schema.Struct({
  customerInfo: CustomerInfo,
  customerAreaInfo: CustomerAreaInfo,
  uuid: Schema.String,
  memberships: Schema.optional(Schema.Array(MembershipSummary)),
})
export type PasswordSignedIn = typeof PasswordSignedIn.Type

/** Spec §8 LOGIN_FAILED, too many tries for this account or from this client: try after `retryAfterSeconds`. */
export class SignInLimited extends Schema.TaggedError<SignInLimited>()(
  "SignInLimited",
  { error: Schema.Literal("LOGIN_FAILED"), retryAfterSeconds: Schema.Int },
  { httpApiStatus: 429 },
) {}

/** Spec §8 invalid_ssn: not an ID number (nine digits with a valid check digit). */
export class InvalidSsn extends Schema.TaggedError<InvalidSsn>()(
  "InvalidSsn",
  { error: Schema.Literal("invalid_ssn") },
  { httpApiStatus: 400 },
) {}

/** Spec §8 CUSTOMER_TOKEN_ERROR: no such link (mistyped, cut short): offer a new link. */
export class CustomerTokenError extends Schema.TaggedError<CustomerTokenError>()(
  "CustomerTokenError",
  { error: Schema.Literal("CUSTOMER_TOKEN_ERROR") },
  { httpApiStatus: 404 },
) {}

/** Spec §8 CUSTOMER_TOKEN_EXPIRED: the link is older than its validity. */
export class CustomerTokenExpired extends Schema.TaggedError<CustomerTokenExpired>()(
  "CustomerTokenExpired",
  { error: Schema.Literal("CUSTOMER_TOKEN_EXPIRED") },
  { httpApiStatus: 410 },
) {}

/** Spec §8 CUSTOMER_TOKEN_REDEEMED: the link has signed someone in already. */
export class CustomerTokenRedeemed extends Schema.TaggedError<CustomerTokenRedeemed>()(
  "CustomerTokenRedeemed",
  { error: Schema.Literal("CUSTOMER_TOKEN_REDEEMED") },
  { httpApiStatus: 409 },
) {}

/** Not an e-mail address (ours: the link by e-mail; the form checks the same rule before sending). */
export class InvalidEmailAddress extends Schema.TaggedError<InvalidEmailAddress>()(
  "InvalidEmailAddress",
  { error: Schema.Literal("invalid_email") },
  { httpApiStatus: 400 },
) {}

const CodeSendErrors = [HumanCheckFailed, SignInCodeBackoff, SmsFailed] as const

export class CustomerSignInApi extends HttpApiGroup.make("customerSignIn")
  .add(
    HttpApiEndpoint.post("areaMobileLogin", "/customer-area/mobile-login", {
      /** `checkout`: a number the chain has not met may sign in (it becomes a customer), as the pay step's does */
      query: { checkout: Schema.optional(Schema.Literals(["true", "false"])), lang: LangQuery },
      payload: Schema.Struct({ mobileNumber: WireText, recaptchaToken: Schema.optional(WireText) }),
      success: CodeSent,
      error: [...CodeSendErrors, InvalidMobileNumber],
    }),
  )
  .add(
    // ours (spec §6 "by ID number"): the code goes to the phone on file, never to one the asker names
    HttpApiEndpoint.post("idLogin", "/customer-area/id-login", {
      query: { lang: LangQuery },
      payload: Schema.Struct({ ssn: WireText, recaptchaToken: Schema.optional(WireText) }),
      success: CodeSent,
      error: [...CodeSendErrors, InvalidSsn],
    }),
  )
  .add(
    // ours (spec §6 "reservation number plus one-time code"): the code goes to the reservation's mobile number
    HttpApiEndpoint.post("reservationLogin", "/customer-area/reservation-login", {
      query: { lang: LangQuery },
      payload: Schema.Struct({ reservationNumber: WireText, recaptchaToken: Schema.optional(WireText) }),
      success: CodeSent,
      error: CodeSendErrors,
    }),
  )
  .add(
    HttpApiEndpoint.post("areaMobileLoginValidation", "/customer-area/mobile-login-validation", {
      headers: { "x-sign-in-challenge": Schema.optional(WireText) },
      payload: Schema.Struct({ smsCode: WireText }),
      success: SignedIn,
      error: InvalidSmsCode,
    }),
  )
  .add(
    // ours (spec §6 "member number (with SSN)")
    HttpApiEndpoint.post("memberLogin", "/customer-area/member-login", {
      payload: Schema.Struct({
        memberNumber: WireText,
        ssn: WireText,
        recaptchaToken: Schema.optional(WireText),
      }),
      success: SignedIn,
      error: [HumanCheckFailed, InvalidSsn, LoginRequired, SignInLimited],
    }),
  )
  .add(
    HttpApiEndpoint.post("passwordLogin", "/customer/login", {
      payload: Schema.Struct({
        email: WireText,
        password: Schema.String.check(Schema.isMaxLength(1024)),
        recaptchaToken: Schema.optional(WireText),
        includeMemberships: Schema.optional(Schema.Boolean),
      }),
      success: PasswordSignedIn,
      error: [HumanCheckFailed, LoginRequired, SignInLimited],
    }),
  )
  .add(
    // ours: "send me a sign-in link" by SMS; the same answer whether or not the number is a customer's
    HttpApiEndpoint.post("sendSignInLink", "/customer-area/sign-in-link", {
      query: { lang: LangQuery },
      payload: Schema.Struct({ mobileNumber: WireText, recaptchaToken: Schema.optional(WireText) }),
      success: Schema.Struct({ success: Schema.Boolean }),
      error: [...CodeSendErrors, InvalidMobileNumber],
    }),
  )
  .add(
    // ours: the same link by e-mail, to the address on file (for a customer who signs in by e-mail and has no
    // password, or forgot it); the same answer whether or not the address is a customer's
    HttpApiEndpoint.post("sendSignInLinkByEmail", "/customer-area/sign-in-link-email", {
      query: { lang: LangQuery },
      payload: Schema.Struct({ email: WireText, recaptchaToken: Schema.optional(WireText) }),
      success: Schema.Struct({ success: Schema.Boolean }),
      error: [...CodeSendErrors, InvalidEmailAddress],
    }),
  )
  .add(
    // the `/customer/{token}` page posts its token here (in the body: an API address would put it in logs)
    HttpApiEndpoint.post("redeemLinkToken", "/customer-area/link-token", {
      payload: Schema.Struct({ token: WireText }),
      success: SignedIn,
      // SignInLimited: the client guessed too many unknown tokens (issue 20), with Retry-After
      error: [CustomerTokenError, CustomerTokenExpired, CustomerTokenRedeemed, SignInLimited],
    }),
  )
  .add(
    // ours: who the stored session is (the area's header on a reload); 401 once it is dead
    HttpApiEndpoint.get("areaCustomer", "/customer-area/customer", {
      success: CustomerAreaInfo,
      error: LoginRequired,
    }).middleware(CustomerSession),
  )
  .add(
    // answers `Clear-Site-Data: "cache"`: the browser drops cached personal answers, keeps stored e-tickets
    HttpApiEndpoint.post("areaLogout", "/customer-area/logout", {
      headers: CustomerAuthHeader,
      success: Schema.Struct({ success: Schema.Boolean }),
    }),
  ) {}
