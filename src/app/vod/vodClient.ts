import type { PresentationDetail, TicketGroup } from "../../api/PresentationEntities.ts"
import type { VodPlayback } from "../../api/VodApi.ts"
import { apiGet, apiSend } from "../lib/api.ts"

/**
 * The video-on-demand calls: the title and its price, and a playback. The purchase is the ticket order's own
 * commit and payment, from the tab's cart (BuyForm.tsx).
 */

export interface VodTitle {
  readonly detail: PresentationDetail
  /** the public VOD ticket: what one viewer's access costs */
  readonly ticket: { readonly ticketId: number; readonly price: number } | null
}

export const fetchVodTitle = async (presentationId: number, locale: string, signal?: AbortSignal) => {
  const [detail, groups] = await Promise.all([
    apiGet<PresentationDetail>(`/presentations/${presentationId}`, { lang: locale }, signal),
    apiGet<{ ticketGroups: ReadonlyArray<TicketGroup> }>(
      `/presentations/${presentationId}/ticketGroups`,
      { lang: locale },
      signal,
    ),
  ])
  const ticket = groups.ticketGroups
    .flatMap((g) => g.tickets)
    .find((t) => !t.isMemberOnly && !t.requiresReference)
  return {
    detail,
    ticket: ticket === undefined ? null : { ticketId: ticket.ticketId, price: ticket.price },
  } satisfies VodTitle
}

export type Refused = { readonly refused: string }

const codeOf = (body: unknown): string =>
  typeof body === "object" && body !== null
    ? String((body as { code?: unknown; error?: unknown }).code ?? (body as { error?: unknown }).error ?? "")
    : ""

/** Starts one playback (counted by the server): the video's address, or why not. */
export const startPlayback = async (purchaseId: string, locale: string): Promise<VodPlayback | Refused> => {
  const answer = await apiSend<VodPlayback>(
    "POST",
    `/vod/${encodeURIComponent(purchaseId)}/playback?lang=${locale}`,
    {},
  )
  return answer.ok && answer.body !== null ? answer.body : { refused: codeOf(answer.body) || "vodLoadError" }
}
