import type { LoggedInCustomer, MagCard } from "../../api/CustomerApi.ts"
import { apiFetch, apiSend, apiUrl } from "../lib/api.ts"
import { authHeader, CUSTOMER_STORAGE_KEY } from "../lib/authUuid.ts"
import { solveHumanCheck } from "../lib/humanCheck.ts"

/**
 * The logged-in customer of this browser (spec §7 auth state: `uuid` and the mobile number), kept in
 * localStorage so a reload keeps the login. The `uuid` goes as a header on every call to our API once stored
 * (spec §7; `apiFetch` in lib/api.ts adds it). Logging out forgets it here and revokes it on the server.
 */

const KEY = CUSTOMER_STORAGE_KEY

export interface StoredCustomer {
  readonly uuid: string
  readonly mobileNumber: string
  readonly firstName: string
  /** the customer area's header shows the whole name (absent in logins stored before it) */
  readonly lastName?: string
}

const listeners = new Set<() => void>()

/** The stored login as its raw text: a stable snapshot for `useSyncExternalStore` (parse it with `parseCustomer`). */
export const storedCustomerText = (): string | null => {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

export const storedCustomer = (): StoredCustomer | null => parseCustomer(storedCustomerText())

export const parseCustomer = (raw: string | null): StoredCustomer | null => {
  try {
    if (raw === null) return null
    const value = JSON.parse(raw) as Partial<StoredCustomer>
    return typeof value.uuid === "string" && typeof value.mobileNumber === "string"
      ? {
          uuid: value.uuid,
          mobileNumber: value.mobileNumber,
          firstName: value.firstName ?? "",
          ...(typeof value.lastName === "string" ? { lastName: value.lastName } : {}),
        }
      : null
  } catch {
    return null
  }
}

/** Stores (or, with null, forgets) this browser's login and tells whoever shows it. */
export const rememberCustomer = (customer: StoredCustomer | null) => store(customer)

const store = (customer: StoredCustomer | null) => {
  if (customer === null) localStorage.removeItem(KEY)
  else localStorage.setItem(KEY, JSON.stringify(customer))
  for (const listener of listeners) listener()
}

/** For `useSyncExternalStore`: login and logout in this tab re-render whoever shows the customer. */
export const subscribeCustomer = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The server's refusal code, or "network" when no answer came. */
export type LoginProblem =
  | "invalid_mobileNumber"
  | "CUSTOMER_NOT_FOUND"
  | "SMS_FAILED"
  | "INVALID_SMS_CODE"
  | "other"

const problemOf = (body: unknown): LoginProblem => {
  const code = (body as { error?: unknown } | null)?.error
  return code === "invalid_mobileNumber" ||
    code === "CUSTOMER_NOT_FOUND" ||
    code === "SMS_FAILED" ||
    code === "INVALID_SMS_CODE"
    ? code
    : "other"
}

/** Step one: a solved human check, then the server sends a code by SMS. */
export const askLoginCode = async (
  mobileNumber: string,
  locale: string,
  signal?: AbortSignal,
): Promise<LoginProblem | null> => {
  const recaptchaToken = await solveHumanCheck(signal)
  const answer = await apiSend(
    "POST",
    `/customer/mobile-login?${new URLSearchParams({ lang: locale })}`,
    // checkout: a number the chain has not met becomes a customer, so a first-time buyer can keep a card too
    { mobileNumber, recaptchaToken, sendSmsRegardlessOfCustomerExistence: true },
    { signal },
  )
  return answer.ok ? null : problemOf(answer.body)
}

/** Step two: the code from the SMS opens the session. */
export const confirmLoginCode = async (
  mobileNumber: string,
  smsCode: string,
): Promise<LoginProblem | null> => {
  const answer = await apiSend<LoggedInCustomer>("POST", "/customer/mobile-login-validation-area", {
    mobileNumber,
    smsCode,
  })
  if (!answer.ok || answer.body === null) return problemOf(answer.body)
  const info = answer.body.customerInfo
  store({ uuid: answer.body.uuid, mobileNumber: info.MobileNumber1, firstName: info.FirstName })
  return null
}

export const logoutCustomer = async (): Promise<void> => {
  const headers = authHeader()
  store(null)
  await apiSend("POST", "/customer/logout", {}, { headers }).catch(() => undefined)
}

/** The logged-in customer's saved cards usable at a location; a session the server no longer knows logs the browser out. */
export const fetchSavedCards = async (
  locationId: number,
  signal?: AbortSignal,
): Promise<ReadonlyArray<MagCard>> => {
  const customer = storedCustomer()
  if (customer === null) return []
  // only the cards this cinema's card provider can charge: a token means nothing to another provider
  const response = await apiFetch(apiUrl("/customer/saved-cards", { locationId }), {
    headers: { accept: "application/json", uuid: customer.uuid },
    signal,
  })
  if (response.status === 401) {
    store(null)
    return []
  }
  if (!response.ok) throw new Error(`saved cards: ${response.status}`)
  return ((await response.json()) as { MagCards: ReadonlyArray<MagCard> }).MagCards
}
