import type { SiteFlags } from "./agreements.ts"
import { type FieldErrors, isEmailAddress, israeliMobile } from "./customerInfo.ts"

/**
 * Verifying the buyer's mobile number and e-mail address with a one-time code (config flags
 * `mobileVerification`, `emailVerification`, spec §9; both off by default). The customer step and the server's
 * commit decide with these functions, so they agree on what "the same mobile" and "the same e-mail" are:
 * - a mobile number is the same when its spec form (05XXXXXXXX, `israeliMobile`) is: `+972 52-123 4567` and
 *   `0521234567` are one number;
 * - an e-mail address is the same ignoring surrounding spaces and letter case (`Dana@Example.com` is
 *   `dana@example.com`). Strictly, the part before `@` may be case-sensitive; no mail provider a buyer uses
 *   treats it so, and a buyer who types a capital on the pay step must not have to verify again.
 */

export type ContactChannel = "mobile" | "email"

export const CONTACT_CHANNELS: ReadonlyArray<ContactChannel> = ["mobile", "email"]

/** What a typed value is compared by; null when it is not a valid mobile number / e-mail address at all. */
export const contactKey = (channel: ContactChannel, typed: string): string | null => {
  if (channel === "mobile") return israeliMobile(typed)
  return isEmailAddress(typed) ? typed.trim().toLowerCase() : null
}

/** Whether two typed values are the same contact (both valid, and equal by `contactKey`). */
export const sameContact = (channel: ContactChannel, a: string, b: string): boolean => {
  const key = contactKey(channel, a)
  return key !== null && key === contactKey(channel, b)
}

/** The channels the site's flags ask to verify, mobile first. */
export const channelsToVerify = (
  flags: Pick<SiteFlags, "mobileVerification" | "emailVerification">,
): ReadonlyArray<ContactChannel> =>
  CONTACT_CHANNELS.filter((channel) =>
    channel === "mobile" ? flags.mobileVerification : flags.emailVerification,
  )

/** A contact value verified for the cart, as its key. */
export interface VerifiedContact {
  readonly channel: ContactChannel
  readonly key: string
}

/** Whether `typed` is among the verified contacts of its channel. */
export const isVerified = (
  channel: ContactChannel,
  typed: string,
  verified: ReadonlyArray<VerifiedContact>,
): boolean => {
  const key = contactKey(channel, typed)
  return key !== null && verified.some((v) => v.channel === channel && v.key === key)
}

/**
 * The channels the flags ask to verify whose value in `contact` is not verified (empty: the order may go on).
 * The commit refuses with the first of them.
 */
export const unverifiedChannels = (
  flags: Pick<SiteFlags, "mobileVerification" | "emailVerification">,
  contact: { readonly mobile: string; readonly email: string },
  verified: ReadonlyArray<VerifiedContact>,
): ReadonlyArray<ContactChannel> =>
  channelsToVerify(flags).filter(
    (channel) => !isVerified(channel, channel === "mobile" ? contact.mobile : contact.email, verified),
  )

/** The form's fields for the channels (mobile → `mobileNumber`, e-mail → `email`). */
export const CONTACT_FIELD = { mobile: "mobileNumber", email: "email" } as const

/**
 * The customer step's errors for contacts that still need verifying: a field's own rule (required, e-mail,
 * mobile) comes first, so only a valid value that is not verified gets `unverified`.
 */
export const verificationErrors = (
  flags: Pick<SiteFlags, "mobileVerification" | "emailVerification">,
  values: { readonly mobileNumber: string; readonly email: string },
  verified: ReadonlyArray<VerifiedContact>,
): FieldErrors => {
  const errors: FieldErrors = {}
  for (const channel of unverifiedChannels(
    flags,
    { mobile: values.mobileNumber, email: values.email },
    verified,
  )) {
    const field = CONTACT_FIELD[channel]
    if (contactKey(channel, values[field]) !== null) errors[field] = { rule: "unverified", channel }
  }
  return errors
}
