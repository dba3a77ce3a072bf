import type {
  CodeSent,
  CustomerAreaInfo,
  PasswordSignedIn,
  SignedIn,
} from "../../../api/CustomerSignInApi.ts"
import { isEmailAddress } from "../../../domain/order/customerInfo.ts"
import { apiFetch, apiSend, apiUrl } from "../../lib/api.ts"
import { authHeader } from "../../lib/authUuid.ts"
import { solveHumanCheck } from "../../lib/humanCheck.ts"
import { rememberCustomer } from "../customerSession.ts"

/**
 * The customer area's sign-in calls (src/api/CustomerSignInApi.ts) for the `/customer` screens. Each answers
 * null on success or the server's refusal code (spec §8), "network" when no answer came; a code sign-in keeps
 * the challenge the first call answered for the second, in memory only (never stored: it names a pending code).
 */

export type SignInProblem =
  | "CUSTOMER_NOT_FOUND"
  | "CUSTOMER_NO_MOBILE"
  | "GENERAL_ERROR"
  | "INVALID_SMS_CODE"
  | "LOGIN_FAILED"
  | "LOGIN_LIMITED"
  | "SMS_FAILED"
  | "SMS_WAIT"
  | "SMS_DAY_SPENT"
  | "invalid_captcha"
  | "invalid_mobileNumber"
  | "invalid_ssn"
  | "invalid_email"
  | "CUSTOMER_TOKEN_ERROR"
  | "CUSTOMER_TOKEN_EXPIRED"
  | "CUSTOMER_TOKEN_REDEEMED"
  | "network"

export interface Refusal {
  readonly problem: SignInProblem
  /** SMS_WAIT and LOGIN_LIMITED: how long until the next try */
  readonly retryAfterSeconds?: number
}

const KNOWN: ReadonlySet<string> = new Set([
  "CUSTOMER_NOT_FOUND",
  "CUSTOMER_NO_MOBILE",
  "INVALID_SMS_CODE",
  "LOGIN_FAILED",
  "SMS_FAILED",
  "invalid_mobileNumber",
  "invalid_ssn",
  "invalid_email",
  "CUSTOMER_TOKEN_ERROR",
  "CUSTOMER_TOKEN_EXPIRED",
  "CUSTOMER_TOKEN_REDEEMED",
])

/** The longest wait the resend back-off asks for (its 10-minute window); a longer one lasts until tomorrow. */
const BACKOFF_WINDOW_SECONDS = 600

/** The refusal an answer carries (the human check's codes read as invalid_captcha). */
export const refusalOf = (status: number, body: unknown): Refusal => {
  const answer = (body ?? {}) as { error?: unknown; retryAfterSeconds?: unknown }
  const code = typeof answer.error === "string" ? answer.error : ""
  const wait = typeof answer.retryAfterSeconds === "number" ? answer.retryAfterSeconds : undefined
  // past the back-off's window the wait is the day's end (the number's or the chain's SMS for today are spent)
  if (code === "SMS_FAILED" && wait !== undefined && wait > BACKOFF_WINDOW_SECONDS)
    return { problem: "SMS_DAY_SPENT", retryAfterSeconds: wait }
  if (code === "SMS_FAILED" && wait !== undefined) return { problem: "SMS_WAIT", retryAfterSeconds: wait }
  if (code === "LOGIN_FAILED" && status === 429)
    return { problem: "LOGIN_LIMITED", ...(wait === undefined ? {} : { retryAfterSeconds: wait }) }
  if (code === "RECAPTCHA_REQUIRED" || code === "recaptcha_repeated" || code === "invalid_captcha")
    return { problem: "invalid_captcha" }
  if (KNOWN.has(code)) return { problem: code as SignInProblem }
  return { problem: "GENERAL_ERROR" }
}

const guarded = async <A>(run: () => Promise<A>): Promise<A | Refusal> => {
  try {
    return await run()
  } catch {
    return { problem: "network" }
  }
}

export type CodeMethod =
  | { readonly kind: "phone"; readonly mobileNumber: string }
  | { readonly kind: "id"; readonly ssn: string }
  | { readonly kind: "reservation"; readonly reservationNumber: string }

const codePath = (method: CodeMethod, locale: string) => {
  const lang = new URLSearchParams({ lang: locale })
  if (method.kind === "phone")
    return { path: `/customer-area/mobile-login?${lang}`, body: { mobileNumber: method.mobileNumber } }
  if (method.kind === "id") return { path: `/customer-area/id-login?${lang}`, body: { ssn: method.ssn } }
  return {
    path: `/customer-area/reservation-login?${lang}`,
    body: { reservationNumber: method.reservationNumber },
  }
}

/** Step one of a code sign-in: a solved human check, then a code by SMS; answers the challenge for step two. */
export const askSignInCode = (method: CodeMethod, locale: string): Promise<{ challenge: string } | Refusal> =>
  guarded(async () => {
    const { path, body } = codePath(method, locale)
    const recaptchaToken = await solveHumanCheck()
    const answer = await apiSend<CodeSent>("POST", path, { ...body, recaptchaToken })
    if (!answer.ok || answer.body === null) return refusalOf(answer.status, answer.body)
    return { challenge: answer.body.signInChallenge }
  })

/** Keeps the new session (the header reads it from here on every call). */
const remember = (signedIn: SignedIn) => {
  const info = signedIn.customerAreaInfo
  rememberCustomer({
    uuid: signedIn.uuid,
    mobileNumber: info.MobileNumber1,
    firstName: info.FirstName,
    lastName: info.LastName,
  })
}

const signIn = async <A extends SignedIn>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  const answer = await apiSend<A>("POST", path, body, { headers })
  if (!answer.ok || answer.body === null) return refusalOf(answer.status, answer.body)
  remember(answer.body)
  return null
}

/** Step two: the code from the SMS, named by the challenge of step one. */
export const confirmSignInCode = (challenge: string, smsCode: string) =>
  guarded(() =>
    signIn("/customer-area/mobile-login-validation", { smsCode }, { "x-sign-in-challenge": challenge }),
  )

export const signInWithPassword = (email: string, password: string) =>
  guarded(async () =>
    signIn<PasswordSignedIn>("/customer/login", {
      email,
      password,
      recaptchaToken: await solveHumanCheck(),
      includeMemberships: false,
    }),
  )

export const signInAsMember = (memberNumber: string, ssn: string) =>
  guarded(async () =>
    signIn("/customer-area/member-login", { memberNumber, ssn, recaptchaToken: await solveHumanCheck() }),
  )

export const redeemLinkToken = (token: string) =>
  guarded(() => signIn("/customer-area/link-token", { token }))

export const sendSignInLink = (mobileNumber: string, locale: string) =>
  guarded(async () => {
    const answer = await apiSend(
      "POST",
      `/customer-area/sign-in-link?${new URLSearchParams({ lang: locale })}`,
      { mobileNumber, recaptchaToken: await solveHumanCheck() },
    )
    return answer.ok ? null : refusalOf(answer.status, answer.body)
  })

/** The same link by e-mail, to the address typed when it is a customer's (the same answer when it is not). */
export const sendSignInLinkByEmail = (email: string, locale: string) =>
  guarded(async () => {
    if (!isEmailAddress(email)) return { problem: "invalid_email" } satisfies Refusal
    const answer = await apiSend(
      "POST",
      `/customer-area/sign-in-link-email?${new URLSearchParams({ lang: locale })}`,
      { email, recaptchaToken: await solveHumanCheck() },
    )
    return answer.ok ? null : refusalOf(answer.status, answer.body)
  })

/** Ends the session on the server (its answer also clears the browser's HTTP cache of our pages). */
export const endSession = async (): Promise<void> => {
  const headers = authHeader()
  if (headers.uuid === undefined) return
  await apiSend("POST", "/customer-area/logout", {}, { headers }).catch(() => undefined)
}

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && "problem" in value

/**
 * Who the stored session is, as the server knows it now (the ID number masked, fetched each time and never
 * stored); null once the session is dead on the server (expired, or signed out on another device).
 */
export const fetchAreaCustomer = async (signal?: AbortSignal): Promise<CustomerAreaInfo | null> => {
  const response = await apiFetch(apiUrl("/customer-area/customer"), {
    headers: { accept: "application/json" },
    signal,
  })
  if (response.status === 401) return null
  if (!response.ok) throw new Error(`customer: ${response.status}`)
  return (await response.json()) as CustomerAreaInfo
}
