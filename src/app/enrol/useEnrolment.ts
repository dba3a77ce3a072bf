import { useQuery } from "@tanstack/react-query"
import { useCallback, useState } from "react"
import type { EnrolSeason } from "../../api/EnrolApi.ts"
import { enrolShowingPrice } from "../../domain/enrol/enrolPricing.ts"
import { useSignedInCustomer } from "../customer/signIn/useSignedInCustomer.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { type EnrolDraft, fetchOffer, offerKey, readDraft, saveDraft, seasonOf } from "./enrolClient.ts"

/** The signed-in member's offer, the season the steps enrol in, and the draft every step reads and writes. */
export const useEnrolment = (membershipId: number, locale: LocaleCode) => {
  const customer = useSignedInCustomer()
  const offer = useQuery({
    queryKey: [...offerKey(membershipId, locale), customer?.uuid ?? null],
    queryFn: ({ signal }) => fetchOffer(membershipId, locale, signal),
    // the signed-in member's own offer: signing out removes it (clearCustomerData.ts)
    meta: { personal: true },
    enabled: customer !== null,
    retry: false,
  })
  const season = seasonOf(offer.data)
  const [draft, setState] = useState<EnrolDraft | null>(null)
  const current = draft ?? (season === null ? null : readDraft(membershipId, season.SeasonId))
  const setDraft = useCallback((next: EnrolDraft) => {
    saveDraft(next)
    setState(next)
  }, [])
  return { customer, offer, season, draft: current, setDraft }
}

/** The showings enrolled: the required ones and those chosen, in start order. */
export const enrolledShowings = (season: EnrolSeason, draft: EnrolDraft) =>
  season.Presentations.filter((p) => p.IsRequired || draft.chosen.includes(p.PresentationId))

/** The price of the ticket chosen, when the season prices per ticket. */
export const ticketPriceOf = (season: EnrolSeason, draft: EnrolDraft): number | null => {
  const group = season.TicketGroups.find(
    (g) => g.ticketGroupId === (draft.ticketGroupId ?? season.DefaultTicketGroupId),
  )
  const ticket = group?.tickets.find((t) => t.ticketId === draft.ticketId) ?? group?.tickets[0]
  return ticket?.price ?? null
}

export const showingPriceOf = (
  season: EnrolSeason,
  draft: EnrolDraft,
  presentation: EnrolSeason["Presentations"][number],
) =>
  enrolShowingPrice(
    {
      isPriceOverride: presentation.PresentationDetail.IsPriceOverride,
      price: presentation.PresentationDetail.Price,
      payable: presentation.MembershipPayableAmount,
    },
    season.IsPricingPerTicket,
    ticketPriceOf(season, draft),
  ) ?? 0
