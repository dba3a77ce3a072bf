import type {
  LoyaltyMember,
  TicketCodeAnswer,
  TicketCodeProblem,
  TicketEligibility,
} from "../../../api/TicketCodesApi.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { apiFetch, apiUrl } from "../../lib/api.ts"
import { referralParams } from "../../lib/referral.ts"

/**
 * The ticket step's code calls, as plain fetch. A refusal is the server's catalogue code (`TicketCodeRefused`);
 * `failed` means no usable answer (offline, a server fault), which the screen offers to retry.
 */
export type CodeCall<A> =
  | { readonly _tag: "Ok"; readonly value: A }
  | { readonly _tag: "Refused"; readonly msg: TicketCodeProblem }
  | { readonly _tag: "Failed" }
  /** too many tries (the loyalty login's limits): later, not now */
  | { readonly _tag: "Limited" }

const call = async <A>(url: string, headers: Record<string, string> = {}): Promise<CodeCall<A>> => {
  try {
    const response = await apiFetch(url, { headers: { accept: "application/json", ...headers } })
    const body = (await response.json().catch(() => null)) as (A & { _tag?: string; msg?: string }) | null
    if (response.ok && body !== null) return { _tag: "Ok", value: body }
    if (body?._tag === "TicketCodeRefused" && typeof body.msg === "string")
      return { _tag: "Refused", msg: body.msg as TicketCodeProblem }
    if (body?._tag === "LoyaltyLoginLimited") return { _tag: "Limited" }
    return { _tag: "Failed" }
  } catch {
    return { _tag: "Failed" }
  }
}

export const lookUpCode = (
  presentationId: number,
  code: string,
  ticketIds: ReadonlyArray<number>,
  locale: LocaleCode,
) =>
  call<TicketCodeAnswer>(
    apiUrl(`/presentations/${presentationId}/ticketCode`, {
      code,
      ticketIds: ticketIds.length === 0 ? undefined : ticketIds.join(","),
      lang: locale,
    }),
  )

/**
 * A member-only ticket's member must be this cart's: proven by a loyalty login, by `memberSsn` (the holder's ID
 * number) or by the signed-in holder, so the call goes with the cart (issue 14).
 */
export const checkEligibility = (
  presentationId: number,
  ticketId: number,
  detail: EligibilityDetail,
  cartToken: string | null,
) =>
  call<TicketEligibility>(
    apiUrl(`/presentations/${presentationId}/ticketEligibility`, {
      ticketId,
      memberNumber: detail.memberNumber,
      reference1: detail.reference1,
      reference2: detail.reference2,
      // a partner's own tickets are checked as the partner sells them (issue 19)
      miniSiteUrl: referralParams(presentationId).miniSiteUrl,
    }),
    {
      // ID numbers in headers, never in the address (PresentationsApi.ticketEligibility)
      ...(detail.memberSsn === undefined ? {} : { "x-member-ssn": detail.memberSsn }),
      ...(detail.ssn === undefined ? {} : { "x-ssn": detail.ssn }),
      ...(cartToken === null ? {} : { "x-cart-token": cartToken }),
    },
  )

export interface EligibilityDetail {
  readonly memberNumber?: string
  readonly memberSsn?: string
  readonly ssn?: string
  readonly reference1?: string
  readonly reference2?: string
}

/**
 * Loyalty login (param 64) by member number and the holder's ID number, for this cart: the server remembers the
 * member for the cart's commit (issue 14, item 1). A signed-in holder's `uuid` goes with every call (apiFetch).
 */
export const lookUpMember = (
  presentationId: number,
  proof: { readonly memberNumber: string; readonly ssn: string },
  cartToken: string | null,
  locale: LocaleCode,
) =>
  call<LoyaltyMember>(
    // the ID number in a header, never in the address (PresentationsApi.loyaltyMember)
    apiUrl(`/presentations/${presentationId}/loyaltyMember`, {
      memberNumber: proof.memberNumber,
      lang: locale,
    }),
    { "x-member-ssn": proof.ssn, ...(cartToken === null ? {} : { "x-cart-token": cartToken }) },
  )
