import { Effect, Layer, Option } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { InvalidEmailAddress, InvalidSsn, SignInLimited } from "../../../api/CustomerSignInApi.ts"
import { MarqueeApi } from "../../../api/MarqueeApi.ts"
import { InvalidMobileNumber, SignInCodeBackoff } from "../../../api/messagingErrors.ts"
import { CurrentCustomer, LoginRequired } from "../../../api/sessions.ts"
import { isEmailAddress, israeliMobile } from "../../../domain/order/customerInfo.ts"
import { isValidIsraeliId, normalizeIsraeliId } from "../../../domain/order/israeliId.ts"
import { parseOrderIdentifier } from "../../../domain/order/orderIdentifier.ts"
import { clientOf, hasUsesLeft, type Limit, takeFromLimit, takeFromLimits } from "../../limits/RateLimits.ts"
import { takeSms } from "../../notifications/smsAllowance.ts"
import { HumanCheck } from "../../providers/humanCheck/HumanCheck.ts"
import { CustomerAuth } from "../CustomerAuth.ts"
import { CustomerProfile } from "../CustomerProfile.ts"
import { memberHolder } from "../memberProof.ts"
import { ssnKeys, ssnLookupHash } from "../ssnProtection.ts"
import { customerAreaInfo } from "./areaInfo.ts"
import { LinkTokens } from "./LinkTokens.ts"
import { PasswordSignIn } from "./PasswordSignIn.ts"
import { type CodeTarget, SignInCodes } from "./SignInCodes.ts"
import { openSession } from "./sessionOpen.ts"

/** Every answer of this group is personal or a credential: no browser, proxy or service worker keeps one. */
const noStore = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
)

/**
 * The area's logout also tells the browser to drop its HTTP cache of our origin (`Clear-Site-Data: "cache"`):
 * not "storage", which would wipe the anonymous e-tickets the device keeps; the app clears the customer's own
 * rows itself (src/app/customer/signIn/clearCustomerData.ts).
 */
const clearCache = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "clear-site-data", '"cache"')),
)

const MEMBER_TRIES = { limit: 5, windowSeconds: 600 }
const MEMBER_TRIES_PER_CLIENT = { limit: 20, windowSeconds: 3600 }

/**
 * Issue 20: a client whose `/customer/{token}` redemptions found no such token 30 times in 10 minutes is refused
 * every redemption, a real link's too, until the window ends (as e-document lookups are). Only unknown tokens
 * count: an expired or used link is a real buyer's, not a guess. 256-bit tokens make guessing hopeless anyway;
 * the limit keeps a prober from costing us a query per guess without end.
 */
const LINK_MISSES_PER_CLIENT = 30
const LINK_MISS_WINDOW_SECONDS = 600
const linkMisses = (client: string): Limit => ({
  key: `linkToken:missed:${client}`,
  limit: LINK_MISSES_PER_CLIENT,
  windowSeconds: LINK_MISS_WINDOW_SECONDS,
})

export const CustomerSignInHttp = HttpApiBuilder.group(
  MarqueeApi,
  "customerSignIn",
  Effect.fn(function* (handlers) {
    const sql = yield* SqlClient.SqlClient
    const humanCheck = yield* HumanCheck
    const codes = yield* SignInCodes
    const passwords = yield* PasswordSignIn
    const links = yield* LinkTokens
    const auth = yield* CustomerAuth
    const profiles = yield* CustomerProfile
    const withSql = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
      Effect.provideService(effect, SqlClient.SqlClient, sql)

    /** the new session and who it is */
    const signedIn = (customerId: number) =>
      withSql(
        Effect.gen(function* () {
          const uuid = yield* openSession(customerId)
          return { customerAreaInfo: yield* customerAreaInfo(customerId), uuid }
        }),
      )

    const mobileOf = (typed: string) => {
      const mobile = israeliMobile(typed)
      return mobile !== null
        ? Effect.succeed(mobile)
        : Effect.fail(new InvalidMobileNumber({ error: "invalid_mobileNumber" }))
    }

    /** a customer and the phone on file, when that phone can get an SMS (an Israeli mobile) */
    const targetOf = (
      rows: ReadonlyArray<{ id: number; mobile: string | null }>,
    ): Option.Option<CodeTarget> => {
      const row = rows[0]
      const mobile = row?.mobile == null ? null : israeliMobile(row.mobile)
      return row === undefined || mobile === null
        ? Option.none()
        : Option.some({ mobile, customerId: row.id })
    }

    /** a new `/customer/{token}` link for this customer, queued as a message to the phone or address on file */
    const queueLink = (customerId: number, kind: "sms" | "email", recipient: string, locale: string) =>
      Effect.gen(function* () {
        if (kind === "sms") {
          // the chain's budget (the typed number's day was counted by the throttle, account or not)
          const refused = yield* withSql(
            takeSms({ mobile: recipient, budget: codes.smsBudget, phoneTaken: true }),
          )
          if (refused !== undefined)
            return yield* new SignInCodeBackoff({
              error: "SMS_FAILED",
              retryAfterSeconds: refused.retryAfterSeconds,
            })
        }
        const token = yield* links.issue(customerId)
        const payload = JSON.stringify({ template: "signInLink", path: `/customer/${token}`, locale })
        yield* sql`INSERT INTO outbox (kind, recipient, payload) VALUES (${kind}, ${recipient}, ${payload}::jsonb)`.pipe(
          Effect.orDie,
        )
      })

    const sendCode = (
      identifier: string,
      target: Option.Option<CodeTarget>,
      client: string,
      lang: string,
      typedMobile?: string,
    ) =>
      codes
        .send({
          identifier,
          target,
          client,
          locale: lang,
          ...(typedMobile === undefined ? {} : { typedMobile }),
        })
        .pipe(Effect.map((signInChallenge) => ({ success: true, signInChallenge })))

    return handlers
      .handle("areaMobileLogin", ({ payload, query, request }) =>
        Effect.gen(function* () {
          yield* noStore
          const client = clientOf(request.remoteAddress)
          const mobile = yield* mobileOf(payload.mobileNumber)
          yield* humanCheck.verify(payload.recaptchaToken, client)
          const known = targetOf(
            yield* sql<{ id: number; mobile: string }>`
              SELECT id, mobile FROM customers WHERE mobile = ${mobile} ORDER BY id LIMIT 1`.pipe(
              Effect.orDie,
            ),
          )
          // checkout: a new number may sign in and becomes a customer; the area only opens existing accounts
          const target =
            Option.isNone(known) && query.checkout === "true"
              ? Option.some<CodeTarget>({ mobile, customerId: null })
              : known
          return yield* sendCode(`mobile:${mobile}`, target, client, query.lang ?? "he", mobile)
        }),
      )
      .handle("idLogin", ({ payload, query, request }) =>
        Effect.gen(function* () {
          yield* noStore
          const client = clientOf(request.remoteAddress)
          const ssn = normalizeIsraeliId(payload.ssn)
          if (ssn === null || !isValidIsraeliId(ssn)) return yield* new InvalidSsn({ error: "invalid_ssn" })
          yield* humanCheck.verify(payload.recaptchaToken, client)
          const hash = ssnLookupHash(yield* withSql(ssnKeys), ssn)
          // the ID number only finds the account: the code goes to the phone on file, never to one typed here
          const target = targetOf(
            yield* sql<{ id: number; mobile: string | null }>`
              SELECT id, mobile FROM customers WHERE ssn_hash = ${hash}`.pipe(Effect.orDie),
          )
          return yield* sendCode(`ssn:${hash}`, target, client, query.lang ?? "he")
        }),
      )
      .handle("reservationLogin", ({ payload, query, request }) =>
        Effect.gen(function* () {
          yield* noStore
          const client = clientOf(request.remoteAddress)
          yield* humanCheck.verify(payload.recaptchaToken, client)
          const number = payload.reservationNumber.trim().toUpperCase().slice(0, 32)
          // a number that cannot be an order's (wrong check digit) is "unknown" without asking the database
          const target =
            parseOrderIdentifier(number) === null
              ? Option.none<CodeTarget>()
              : targetOf(
                  yield* sql<{ id: number; mobile: string | null }>`
                    SELECT c.id, c.mobile FROM reservations r JOIN customers c ON c.id = r.customer_id
                    WHERE r.identifier = ${number}`.pipe(Effect.orDie),
                )
          return yield* sendCode(`reservation:${number}`, target, client, query.lang ?? "he")
        }),
      )
      .handle("areaMobileLoginValidation", ({ headers, payload, request }) =>
        Effect.gen(function* () {
          yield* noStore
          const customerId = yield* codes.validate({
            challenge: headers["x-sign-in-challenge"],
            smsCode: payload.smsCode,
            client: clientOf(request.remoteAddress),
          })
          return yield* signedIn(customerId)
        }),
      )
      .handle("memberLogin", ({ payload, request }) =>
        Effect.gen(function* () {
          yield* noStore
          const client = clientOf(request.remoteAddress)
          const ssn = normalizeIsraeliId(payload.ssn)
          if (ssn === null || !isValidIsraeliId(ssn)) return yield* new InvalidSsn({ error: "invalid_ssn" })
          yield* humanCheck.verify(payload.recaptchaToken, client)
          const number = payload.memberNumber.trim().slice(0, 32)
          // every try counts, right ones too, per member number and per client (as the loyalty login's)
          const allowed = yield* withSql(
            takeFromLimits([
              { key: `memberSignIn:member:${number}`, ...MEMBER_TRIES },
              { key: `memberSignIn:client:${client}`, ...MEMBER_TRIES_PER_CLIENT },
            ]),
          )
          if (!allowed) return yield* new SignInLimited({ error: "LOGIN_FAILED", retryAfterSeconds: 600 })
          const holder = yield* withSql(memberHolder(number, ssn))
          if (Option.isNone(holder) || !holder.value.ssnMatches)
            return yield* new LoginRequired({ error: "LOGIN_FAILED" })
          return yield* signedIn(holder.value.customerId)
        }),
      )
      .handle("passwordLogin", ({ payload, request }) =>
        Effect.gen(function* () {
          yield* noStore
          const client = clientOf(request.remoteAddress)
          yield* humanCheck.verify(payload.recaptchaToken, client)
          const customerId = yield* passwords.check({
            email: payload.email,
            password: payload.password,
            client,
          })
          const session = yield* signedIn(customerId)
          const memberships =
            payload.includeMemberships === true
              ? yield* sql<{
                  MemberNumber: string
                  MembershipId: number
                  StartDate: string
                  EndDate: string
                }>`
                  SELECT member_number AS "MemberNumber", membership_id AS "MembershipId",
                    start_date::text AS "StartDate", end_date::text AS "EndDate"
                  FROM members WHERE customer_id = ${customerId} ORDER BY id`.pipe(Effect.orDie)
              : undefined
          return {
            customerInfo: yield* profiles.info(customerId),
            ...session,
            ...(memberships === undefined ? {} : { memberships }),
          }
        }),
      )
      .handle("sendSignInLink", ({ payload, query, request }) =>
        Effect.gen(function* () {
          yield* noStore
          const client = clientOf(request.remoteAddress)
          const mobile = yield* mobileOf(payload.mobileNumber)
          yield* humanCheck.verify(payload.recaptchaToken, client)
          yield* codes.throttle(`link:${mobile}`, client, { sms: true, typedMobile: mobile })
          const customer = targetOf(
            yield* sql<{ id: number; mobile: string }>`
              SELECT id, mobile FROM customers WHERE mobile = ${mobile} ORDER BY id LIMIT 1`.pipe(
              Effect.orDie,
            ),
          )
          // the same answer for a number that is nobody's: only the owner's phone ever sees a link
          if (Option.isSome(customer))
            yield* queueLink(customer.value.customerId ?? 0, "sms", mobile, query.lang ?? "he")
          return { success: true }
        }),
      )
      .handle("sendSignInLinkByEmail", ({ payload, query, request }) =>
        Effect.gen(function* () {
          yield* noStore
          const client = clientOf(request.remoteAddress)
          if (!isEmailAddress(payload.email))
            return yield* new InvalidEmailAddress({ error: "invalid_email" })
          const email = payload.email.trim().toLowerCase()
          yield* humanCheck.verify(payload.recaptchaToken, client)
          // the same backoff per address and the same sends per client as the SMS link and the codes
          yield* codes.throttle(`link:email:${email}`, client, { sms: false })
          const [customer] = yield* sql<{ id: number; email: string }>`
            SELECT id, email FROM customers WHERE lower(email) = ${email} ORDER BY id LIMIT 1`.pipe(
            Effect.orDie,
          )
          // the same answer for an address that is nobody's: only its owner's inbox ever sees a link
          if (customer !== undefined)
            yield* queueLink(customer.id, "email", customer.email, query.lang ?? "he")
          return { success: true }
        }),
      )
      .handle("redeemLinkToken", ({ payload, request }) =>
        Effect.gen(function* () {
          yield* noStore
          const misses = linkMisses(clientOf(request.remoteAddress))
          if (!(yield* withSql(hasUsesLeft(misses))))
            return yield* new SignInLimited({
              error: "LOGIN_FAILED",
              retryAfterSeconds: LINK_MISS_WINDOW_SECONDS,
            })
          const customerId = yield* links
            .redeem(payload.token)
            .pipe(Effect.tapErrorTag("CustomerTokenError", () => withSql(takeFromLimit(misses))))
          return yield* signedIn(customerId)
        }),
      )
      .handle("areaCustomer", () =>
        Effect.gen(function* () {
          yield* noStore
          const { customerId } = yield* CurrentCustomer
          return yield* withSql(customerAreaInfo(customerId))
        }),
      )
      .handle("areaLogout", ({ headers }) =>
        Effect.gen(function* () {
          yield* noStore
          yield* clearCache
          yield* auth.logout(headers.uuid)
          return { success: true }
        }),
      )
  }),
).pipe(
  Layer.provide([
    SignInCodes.layer,
    PasswordSignIn.layer,
    LinkTokens.layer,
    CustomerAuth.layer,
    CustomerProfile.layer,
  ]),
)
