import { queryOptions } from "@tanstack/react-query"
import type { VerifiedContacts } from "../../../api/CartApi.ts"
import type { ContactChannel, VerifiedContact } from "../../../domain/order/contactVerification.ts"
import { ApiError, apiFetch, apiSend, apiUrl } from "../../lib/api.ts"

/**
 * The customer step's calls for verifying the buyer's mobile number and e-mail address (src/api/CartApi.ts,
 * `/api/cart/contact-verification`), answered as codes the step translates. The cart token is the credential:
 * what this cart verified is the server's record, so a reload or a way back from the pay step still shows it.
 */

export type VerifyProblem =
  | "invalidCode"
  | "tooManyCodes"
  | "invalidValue"
  | "verificationOff"
  | "network"
  | "failed"

const NO_CONTACTS: ReadonlyArray<VerifiedContact> = []

export const verifiedContactsQueryOptions = (cartToken: string | null) =>
  queryOptions({
    queryKey: ["cart", "verifiedContacts", { cart: cartToken }],
    queryFn: async ({ signal }): Promise<ReadonlyArray<VerifiedContact>> => {
      if (cartToken === null) return NO_CONTACTS
      const url = apiUrl("/cart/contact-verification")
      const response = await apiFetch(url, {
        headers: { accept: "application/json", "x-cart-token": cartToken },
        signal,
      })
      if (!response.ok) throw new ApiError(response.status, url)
      return ((await response.json()) as VerifiedContacts).verified
    },
    staleTime: 30_000,
  })

/** What a refusal's body (`{_tag, error}`) means to the buyer. */
const problemOf = (status: number, body: unknown): VerifyProblem => {
  const tag = typeof body === "object" && body !== null ? (body as { _tag?: unknown })._tag : undefined
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined
  if (tag === "InvalidContactCode") return "invalidCode"
  if (tag === "ContactCodeNotSent" || status === 429) return "tooManyCodes"
  if (tag === "ContactCodeRefused") return error === "verificationOff" ? "verificationOff" : "invalidValue"
  return "failed"
}

const send = async <A>(
  path: string,
  cartToken: string,
  body: unknown,
): Promise<{ readonly ok: A } | { readonly problem: VerifyProblem }> => {
  try {
    const answer = await apiSend<A>("POST", path, body, { headers: { "x-cart-token": cartToken } })
    return answer.ok && answer.body !== null
      ? { ok: answer.body }
      : { problem: problemOf(answer.status, answer.body) }
  } catch {
    // no answer at all (fetch rejects): nothing is known to have been sent
    return { problem: "network" }
  }
}

/** Asks for a code to `value` by SMS (mobile) or e-mail, written in `lang`. */
export const sendContactCode = (cartToken: string, channel: ContactChannel, value: string, lang: string) =>
  send<{ success: boolean }>(`/cart/contact-verification?lang=${encodeURIComponent(lang)}`, cartToken, {
    channel,
    value,
  })

/** Checks a typed code; on success, what the cart has verified now. */
export const checkContactCode = async (
  cartToken: string,
  channel: ContactChannel,
  value: string,
  code: string,
) => {
  const answer = await send<VerifiedContacts>("/cart/contact-verification/check", cartToken, {
    channel,
    value,
    code,
  })
  return "ok" in answer ? { verified: answer.ok.verified } : answer
}
