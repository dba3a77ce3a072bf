import { useState } from "react"
import type { PresentationDetail } from "../../api/PresentationEntities.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { WaiverSection } from "./WaiverSection.tsx"
import {
  draftProblem,
  emptyDraft,
  readWaiverDraft,
  saveWaiverDraft,
  type WaiverDraft,
} from "./waiverDraft.ts"

type Seat = {
  readonly key: string
  readonly presentationId: number
  readonly ticket: { readonly pricePolicyId: number } | null
}

/**
 * The customer step's part of the child waiver: the section to show (none when the showing asks for no waiver)
 * and the check before going on. The same rule as the commit's, so a buyer learns of a child too young or too
 * old for a child ticket here, not after the payment page.
 */
export const useWaiverStep = (options: {
  readonly cartId: string
  readonly detail: PresentationDetail
  readonly seats: ReadonlyArray<Seat>
  readonly signerName: string
  readonly submitted: boolean
  readonly t: Translate
}) => {
  const { cartId, detail, seats, submitted, t } = options
  const required = detail.requiresWaiver === true
  const orderKey = [detail.presentation.id, ...seats.map((s) => s.key).sort()].join("|")
  const [draft, setDraft] = useState<WaiverDraft>(() => {
    const saved = readWaiverDraft(cartId)
    return saved !== null && saved.orderKey === orderKey
      ? saved
      : emptyDraft(options.signerName.trim(), orderKey)
  })
  const problem = required
    ? draftProblem(draft, {
        dateTime: detail.presentation.dateTime,
        ticketPolicies: seats
          .filter((s) => s.presentationId === detail.presentation.id)
          .map((s) => s.ticket?.pricePolicyId ?? null),
      })
    : null
  const change = (next: WaiverDraft) => {
    setDraft(next)
    saveWaiverDraft(cartId, next)
  }
  return {
    section: required ? (
      <WaiverSection draft={draft} onChange={change} problem={submitted ? problem : null} t={t} />
    ) : null,
    /** true when the waiver keeps the buyer here (its message shows in the section) */
    blocks: problem !== null,
  }
}
