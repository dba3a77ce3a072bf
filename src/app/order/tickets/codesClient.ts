import type {
  LoyaltyMember,
  TicketCodeAnswer,
  TicketCodeProblem,
  TicketEligibility,
} from "../../../api/PresentationsApi.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { apiFetch, apiUrl } from "../../lib/api.ts"

/**
 * The ticket step's code calls, as plain fetch. A refusal is the server's catalogue code (`TicketCodeRefused`);
 * `failed` means no usable answer (offline, a server fault), which the screen offers to retry.
 */
export type CodeCall<A> =
  | { readonly _tag: "Ok"; readonly value: A }
  | { readonly _tag: "Refused"; readonly msg: TicketCodeProblem }
  | { readonly _tag: "Failed" }

const call = async <A>(url: string): Promise<CodeCall<A>> => {
  try {
    const response = await apiFetch(url, { headers: { accept: "application/json" } })
    const body = (await response.json().catch(() => null)) as (A & { _tag?: string; msg?: string }) | null
    if (response.ok && body !== null) return { _tag: "Ok", value: body }
    if (body?._tag === "TicketCodeRefused" && typeof body.msg === "string")
      return { _tag: "Refused", msg: body.msg as TicketCodeProblem }
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

export const checkEligibility = (
  presentationId: number,
  ticketId: number,
  detail: { memberNumber?: string; ssn?: string; reference1?: string; reference2?: string },
) =>
  call<TicketEligibility>(
    apiUrl(`/presentations/${presentationId}/ticketEligibility`, { ticketId, ...detail }),
  )

/** Loyalty login by member number (param 64). */
export const lookUpMember = (presentationId: number, memberNumber: string, locale: LocaleCode) =>
  call<LoyaltyMember>(
    apiUrl(`/presentations/${presentationId}/loyaltyMember`, { memberNumber, lang: locale }),
  )
