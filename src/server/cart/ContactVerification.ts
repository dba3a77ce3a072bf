import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { ContactCodeNotSent, ContactCodeRefused, InvalidContactCode } from "../../api/CartApi.ts"
import { SmsDailyLimit } from "../../api/messagingErrors.ts"
import {
  type ContactChannel,
  channelsToVerify,
  contactKey,
  type VerifiedContact,
} from "../../domain/order/contactVerification.ts"
import { SiteFlagsConfig } from "../config/siteFlags.ts"
import * as codes from "../customer/oneTimeCodes.ts"
import { serverSecret } from "../db/serverSecret.ts"
import { SmsDailyBudget, takeSms } from "../notifications/smsAllowance.ts"
import * as repo from "./ContactVerificationRepo.ts"

/**
 * The cart's contact verification (flags `mobileVerification`, `emailVerification`): a one-time code to the
 * buyer's mobile number by SMS or to their e-mail address, and its check. The codes follow the login code's rules
 * (src/server/customer/oneTimeCodes.ts: 6 digits, 5 minutes, an HMAC only, 3 per value in 10 minutes, 5 wrong
 * tries). Choices the spec leaves open:
 * - a code is bound to the cart and the value it went to (the HMAC covers both): a code read by another cart,
 *   or typed for another value, is invalid;
 * - besides the 3 per value, a cart may ask at most 6 codes in 10 minutes in all, so one cart cannot reach
 *   many phones (a human check earned the cart; this bounds what one check buys);
 * - a channel the site does not verify sends nothing (400 `verificationOff`);
 * - a verification lasts as long as its cart; changing the value needs a new one, changing it back does not;
 * - the message goes to the value's key: the mobile in its 05XXXXXXXX form, the e-mail address in lower case.
 */
/** What a send or a check is about: this cart's value on one channel. */
export interface ContactRequest {
  readonly cartToken: string
  readonly channel: ContactChannel
  readonly value: string
}

export class ContactVerification extends Context.Service<
  ContactVerification,
  {
    readonly send: (
      input: ContactRequest & { readonly locale: string },
    ) => Effect.Effect<void, ContactCodeRefused | ContactCodeNotSent | SmsDailyLimit>
    readonly check: (
      input: ContactRequest & { readonly code: string },
    ) => Effect.Effect<ReadonlyArray<VerifiedContact>, ContactCodeRefused | InvalidContactCode>
    readonly verified: (cartToken: string) => Effect.Effect<ReadonlyArray<VerifiedContact>>
  }
>()("marquee/cart/ContactVerification") {
  static readonly CODES_PER_CART = 6

  static readonly layer = Layer.effect(
    ContactVerification,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const verifying = new Set(channelsToVerify(yield* SiteFlagsConfig))
      const smsBudget = yield* SmsDailyBudget
      const pepperOf = serverSecret("contact_verification_codes").pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
      )
      const onDatabase = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
        effect.pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.orDie)

      /**
       * The value's key, the pepper, and the subject a code's HMAC binds (cart, channel, key); refused if the
       * site does not verify the channel or the value is not one of its kind.
       */
      const prepare = Effect.fn("ContactVerification.prepare")(function* (input: ContactRequest) {
        const { cartToken, channel } = input
        if (!verifying.has(channel))
          return yield* new ContactCodeRefused({ error: "verificationOff", channel })
        const key = contactKey(channel, input.value)
        if (key === null)
          return yield* new ContactCodeRefused({
            error: channel === "mobile" ? "invalid_mobileNumber" : "invalid_email",
            channel,
          })
        return { cartToken, channel, key, pepper: yield* pepperOf, subject: `${cartToken}:${channel}:${key}` }
      })

      const send = Effect.fn("ContactVerification.send")(function* (
        input: ContactRequest & { readonly locale: string },
      ) {
        const { cartToken, channel, key, pepper, subject } = yield* prepare(input)
        const code = codes.newCode()
        const sent = yield* onDatabase(
          sql.withTransaction(
            Effect.gen(function* () {
              yield* repo.lockContact(channel, key)
              const recent = yield* repo.recentCodes({
                cartToken,
                channel,
                contact: key,
                minutes: codes.WINDOW_MINUTES,
              })
              if (
                recent.toValue >= codes.CODES_PER_WINDOW ||
                recent.byCart >= ContactVerification.CODES_PER_CART
              )
                return false
              // a code by SMS takes from the phone's day and the chain's budget (issue 20), before anything is written
              const refused =
                channel === "mobile" ? yield* takeSms({ mobile: key, budget: smsBudget }) : undefined
              if (refused !== undefined) return refused
              yield* repo.endOlderCodes(channel, key)
              yield* repo.insertCode({
                cartToken,
                channel,
                contact: key,
                codeHash: codes.codeHash(pepper, subject, code),
                minutes: codes.CODE_MINUTES,
              })
              yield* repo.enqueueContactCode({ channel, recipient: key, code, locale: input.locale })
              return true
            }),
          ),
        )
        if (typeof sent === "object")
          return yield* new SmsDailyLimit({ error: "SMS_FAILED", retryAfterSeconds: sent.retryAfterSeconds })
        if (!sent)
          return yield* new ContactCodeNotSent({
            error: channel === "mobile" ? "SMS_FAILED" : "EMAIL_FAILED",
            channel,
          })
      })

      const verified = (cartToken: string) => onDatabase(repo.verifiedContacts(cartToken))

      const check = Effect.fn("ContactVerification.check")(function* (
        input: ContactRequest & { readonly code: string },
      ) {
        const { cartToken, channel, key, pepper, subject } = yield* prepare(input)
        const right = yield* onDatabase(
          sql.withTransaction(
            Effect.gen(function* () {
              // wrong tries count per value over the codes' window (oneTimeCodes.ts), under the sends' lock
              yield* repo.lockContact(channel, key)
              const tried = yield* repo.wrongTries(channel, key, codes.WINDOW_MINUTES)
              if (tried >= codes.MAX_TRIES) return false
              const live = yield* repo.liveCode({ cartToken, channel, contact: key })
              if (Option.isNone(live)) return false
              if (!codes.codeMatches(pepper, subject, input.code, live.value.codeHash)) {
                yield* repo.countWrongTry(live.value.id, tried + 1 >= codes.MAX_TRIES)
                return false
              }
              yield* repo.markVerified(live.value.id)
              return true
            }),
          ),
        )
        if (!right)
          return yield* new InvalidContactCode({
            error: channel === "mobile" ? "INVALID_SMS_CODE" : "INVALID_EMAIL_CODE",
            channel,
          })
        return yield* verified(cartToken)
      })

      return ContactVerification.of({ send, check, verified })
    }),
  )
}
