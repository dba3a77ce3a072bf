import { Schema } from "effect"

/**
 * Spec §8 SMS_FAILED ('Error sending message'): the server will not send this message now. Here: too many sign-in
 * codes asked for one number, or too many ticket messages for one order or from one client, in a short time.
 */
export class SmsFailed extends Schema.TaggedError<SmsFailed>()(
  "SmsFailed",
  { error: Schema.Literal("SMS_FAILED") },
  { httpApiStatus: 429 },
) {}

/**
 * Spec §8 SMS_FAILED: a code was sent for this number or identifier a moment ago; ask again after
 * `retryAfterSeconds` (the area's sign-ins and the checkout's alike, src/server/customer/signIn/SignInCodes.ts).
 */
export class SignInCodeBackoff extends Schema.TaggedError<SignInCodeBackoff>()(
  "SignInCodeBackoff",
  { error: Schema.Literal("SMS_FAILED"), retryAfterSeconds: Schema.Int },
  { httpApiStatus: 429 },
) {}

/**
 * Spec §8 SMS_FAILED, issue 20: the day's SMS messages are spent, for this phone (whichever identifier reached it)
 * or for the whole chain (`SMS_DAILY_BUDGET`); ask again after `retryAfterSeconds`, when the next day begins in
 * Jerusalem (src/server/notifications/smsAllowance.ts).
 */
export class SmsDailyLimit extends Schema.TaggedError<SmsDailyLimit>()(
  "SmsDailyLimit",
  { error: Schema.Literal("SMS_FAILED"), retryAfterSeconds: Schema.Int },
  { httpApiStatus: 429 },
) {}

/** Spec §8 customer portal: 'Please enter mobile number'. */
export class InvalidMobileNumber extends Schema.TaggedError<InvalidMobileNumber>()(
  "InvalidMobileNumber",
  { error: Schema.Literal("invalid_mobileNumber") },
  { httpApiStatus: 400 },
) {}
