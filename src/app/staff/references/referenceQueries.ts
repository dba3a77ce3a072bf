import { queryOptions } from "@tanstack/react-query"
import type { ReferenceOption, TicketAgentRow, TicketRefAgent } from "../../../api/StaffReferencesApi.ts"
import { liveQueryDefaults } from "../liveQueries.ts"
import { liveGet, livePost } from "../staffApi.ts"

/**
 * Ticket-reference administration's calls (src/api/StaffReferencesApi.ts). Reads refresh like every live screen;
 * the two writes answer a status the screen shows as a success or a translated refusal.
 */

export const agentsQuery = (lang: string) =>
  queryOptions({
    queryKey: ["staff", "refAgents", lang],
    queryFn: ({ signal }) =>
      liveGet<{ readonly agents: ReadonlyArray<TicketRefAgent> }>(
        "/pres-live/getTicketRefAgents",
        lang,
        signal,
      ),
    ...liveQueryDefaults,
  })

export const referencesQuery = (customerId: number | undefined, lang: string) =>
  queryOptions({
    queryKey: ["staff", "references", customerId ?? "all", lang],
    queryFn: ({ signal }) =>
      liveGet<{ readonly rows: ReadonlyArray<ReferenceOption> }>(
        "/pres-live/monitors/TicketReferencePromptAdmin/data",
        lang,
        signal,
        { customerId: customerId === undefined ? undefined : String(customerId) },
      ),
    ...liveQueryDefaults,
  })

export const referenceDetailQuery = (priceRowId: number, lang: string) =>
  queryOptions({
    queryKey: ["staff", "reference", priceRowId, lang],
    queryFn: ({ signal }) =>
      liveGet<{ readonly reference: ReferenceOption; readonly sales: ReadonlyArray<TicketAgentRow> }>(
        "/pres-live/monitors/TicketReferencePromptAdminDetail/data",
        lang,
        signal,
        { priceRowId: String(priceRowId) },
      ),
    ...liveQueryDefaults,
  })

export interface SalesFilter {
  /** undefined: the server's default, last month */
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly dateType: "1" | "2"
  readonly detailLevel: "0" | "1"
  readonly customerId?: number | undefined
}

export const referenceSalesQuery = (filter: SalesFilter, lang: string) =>
  queryOptions({
    queryKey: ["staff", "referenceSales", filter, lang],
    queryFn: ({ signal }) =>
      liveGet<{
        readonly startDate: string
        readonly endDate: string
        readonly rows: ReadonlyArray<TicketAgentRow>
      }>("/pres-live/monitors/TicketReferencePromptAdminTicketSales/data", lang, signal, {
        startDate: filter.from,
        endDate: filter.to,
        dateType: filter.dateType,
        detailLevel: filter.detailLevel,
        customerId: filter.customerId === undefined ? undefined : String(filter.customerId),
      }),
    ...liveQueryDefaults,
  })

/** The refusal's code (a key under staffRefs.errors), or "saved" */
export type WriteOutcome =
  | "saved"
  | "refPromptOptNotFound"
  | "quantityBelowUsed"
  | "invalidQuantity"
  | "failed"

const outcomeOf = (status: number, body: unknown): WriteOutcome => {
  if (status === 200) return "saved"
  const code = (body as { error?: string } | null)?.error
  return code === "refPromptOptNotFound" || code === "quantityBelowUsed" || code === "invalidQuantity"
    ? code
    : "failed"
}

export const editQuantity = async (option: ReferenceOption, quantity: string, lang: string) => {
  const answer = await livePost<ReferenceOption>(
    `/pres-live/editReferencePromptOptionQuantity/1/${option.PriceType}/${option.PriceId}/${option.PriceRowId}`,
    lang,
    { reference: option.Reference1, reference2: option.Reference2, quantity: quantity.trim() },
  )
  return outcomeOf(answer.status, answer.body)
}

export const sendTicketsSms = async (reservationNumber: string, mobileNumber: string, lang: string) => {
  const answer = await livePost("/pres-live/sendTicketsBySms", lang, { reservationNumber, mobileNumber })
  if (answer.status === 200) return "sent" as const
  const code = (answer.body as { error?: string } | null)?.error
  return code === "invalid_mobileNumber" ? ("invalidMobile" as const) : ("smsFailed" as const)
}
