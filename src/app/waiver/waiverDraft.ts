import type { WaiverRequest } from "../../api/PaymentApi.ts"
import {
  CHILD_PRICE_POLICY,
  type WaiverChild,
  type WaiverProblem,
  waiverProblem,
} from "../../domain/waiver/waiver.ts"

/**
 * The child waiver as the buyer fills it in on the customer step (issue 19). It holds children's names and
 * dates of birth and a signature, so it never goes into the cart log (IndexedDB keeps no personal data beyond an
 * offline ticket's): it stays in this tab's sessionStorage, keyed by cart, as the terms and invoice do
 * (src/app/order/customer/consents.ts), and travels with the commit.
 */
export interface WaiverDraft {
  readonly signerName: string
  readonly children: ReadonlyArray<WaiverChild>
  /** base64 PNG, null until signed */
  readonly signaturePng: string | null
  /**
   * The order it was signed for (showing and seats): the tab's cart outlives an order, and a waiver signed for
   * one order must not be carried into the next one unseen.
   */
  readonly orderKey: string
}

export const emptyDraft = (signerName: string, orderKey: string): WaiverDraft => ({
  orderKey,
  signerName,
  children: [{ name: "", dateOfBirth: "" }],
  signaturePng: null,
})

const key = (cartId: string) => `marquee.orderWaiver.${cartId}`

export const readWaiverDraft = (cartId: string): WaiverDraft | null => {
  try {
    const raw = sessionStorage.getItem(key(cartId))
    return raw === null ? null : (JSON.parse(raw) as WaiverDraft)
  } catch {
    return null
  }
}

export const saveWaiverDraft = (cartId: string, draft: WaiverDraft) => {
  try {
    sessionStorage.setItem(key(cartId), JSON.stringify(draft))
  } catch {
    // storage full or blocked: the server refuses the commit without it and the buyer is sent back to sign
  }
}

/** What the commit carries: the signed waiver, or nothing (the server asks for it where a showing needs one). */
export const waiverAnswer = (cartId: string): { readonly waiver?: WaiverRequest } => {
  const draft = readWaiverDraft(cartId)
  if (draft === null || draft.signaturePng === null) return {}
  return {
    waiver: { signerName: draft.signerName, children: draft.children, signaturePng: draft.signaturePng },
  }
}

/** The same rule the commit applies, on this showing's seats: null when the waiver may go with the order. */
export const draftProblem = (
  draft: WaiverDraft,
  showing: { readonly dateTime: string; readonly ticketPolicies: ReadonlyArray<number | null> },
): WaiverProblem | "waiverSignature" | null => {
  const childTickets = showing.ticketPolicies.filter((p) => p === CHILD_PRICE_POLICY).length
  // the showing's day as the chain writes it: `dateTime` carries the Asia/Jerusalem offset
  const problem = waiverProblem(draft, [{ date: showing.dateTime.slice(0, 10), childTickets }])
  return problem ?? (draft.signaturePng === null ? "waiverSignature" : null)
}
