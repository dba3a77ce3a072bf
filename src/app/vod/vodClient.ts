import type { CartToken } from "../../api/CartApi.ts"
import type { CommitResult, CompletionResult, PaymentForm } from "../../api/PaymentApi.ts"
import type { PresentationDetail, TicketGroup } from "../../api/PresentationsApi.ts"
import type { VodPlayback } from "../../api/VodApi.ts"
import type { CommitCart } from "../../domain/cart/commitCart.ts"
import { apiFetch, apiGet, apiSend, apiUrl } from "../lib/api.ts"
import { solveHumanCheck } from "../lib/humanCheck.ts"

/**
 * The video-on-demand calls: the title and its price, the purchase through the one commit (a cart token of its
 * own, the signed-in customer's `uuid` added by `apiFetch`), the payment's completion, and a playback.
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

/** What the purchase keeps for its return page and a retry: the same key resends the same commit. */
export interface PendingPurchase {
  readonly presentationId: number
  readonly cartToken: string
  readonly idempotencyKey: string
  readonly reservationIdentifier: string | null
}

const PENDING = "marquee.vodPurchase"

export const pendingPurchase = (): PendingPurchase | null => {
  try {
    const raw = sessionStorage.getItem(PENDING)
    return raw === null ? null : (JSON.parse(raw) as PendingPurchase)
  } catch {
    return null
  }
}

export const keepPending = (pending: PendingPurchase | null) => {
  try {
    if (pending === null) sessionStorage.removeItem(PENDING)
    else sessionStorage.setItem(PENDING, JSON.stringify(pending))
  } catch {
    // storage blocked: a retry takes a new cart and key, which the server treats as a new order
  }
}

export type Refused = { readonly refused: string }

const codeOf = (body: unknown): string =>
  typeof body === "object" && body !== null
    ? String((body as { code?: unknown; error?: unknown }).code ?? (body as { error?: unknown }).error ?? "")
    : ""

/** A cart token of the purchase's own, after the human check. */
const newCartToken = async (): Promise<string | Refused> => {
  const answer = await apiSend<CartToken>("POST", "/cart/token", { recaptchaToken: await solveHumanCheck() })
  return answer.ok && answer.body !== null ? answer.body.token : { refused: "humanCheck" }
}

/** Commits the purchase (once per pending key) and opens the card payment: the hosted page's address. */
export const buyVod = async (
  presentationId: number,
  cart: CommitCart,
  locale: string,
): Promise<{ readonly paymentFormURL: string } | { readonly paid: CommitResult } | Refused> => {
  const earlier = pendingPurchase()
  const reuse = earlier !== null && earlier.presentationId === presentationId ? earlier : null
  const cartToken = reuse?.cartToken ?? (await newCartToken())
  if (typeof cartToken !== "string") return cartToken
  const idempotencyKey = reuse?.idempotencyKey ?? crypto.randomUUID()
  keepPending({ presentationId, cartToken, idempotencyKey, reservationIdentifier: null })
  const committed = await apiSend<CommitResult>(
    "POST",
    "/payment/commit",
    { cart, termsAccepted: true, additionalTerms: [] },
    { headers: { "x-cart-token": cartToken, "idempotency-key": idempotencyKey } },
  )
  if (!committed.ok || committed.body === null) {
    // a refusal made nothing: the next try is a new order
    keepPending(null)
    return { refused: codeOf(committed.body) || "unableToProcessOrder" }
  }
  const order = committed.body
  keepPending({
    presentationId,
    cartToken,
    idempotencyKey,
    reservationIdentifier: order.reservationIdentifier,
  })
  if (order.status === "paid") return { paid: order }
  const form = await apiFetch(
    apiUrl(`/payment/form/${locale}`, { reservationIdentifier: order.reservationIdentifier, method: "card" }),
    { headers: { accept: "application/json", "x-cart-token": cartToken } },
  )
  if (!form.ok) return { refused: codeOf(await form.json().catch(() => null)) || "unableToProcessOrder" }
  return { paymentFormURL: ((await form.json()) as PaymentForm).paymentFormURL }
}

/** Asks the server how the payment ended (a return address proves nothing). */
export const completeVod = async (
  reservationIdentifier: string,
  paymentId: string,
): Promise<CompletionResult | Refused> => {
  const cartToken = pendingPurchase()?.cartToken
  const answer = await apiSend<CompletionResult>(
    "POST",
    "/payment/complete",
    { reservationIdentifier, paymentId },
    { headers: cartToken === undefined ? {} : { "x-cart-token": cartToken } },
  )
  return answer.ok && answer.body !== null ? answer.body : { refused: codeOf(answer.body) || "paymentError" }
}

/** Starts one playback (counted by the server): the video's address, or why not. */
export const startPlayback = async (purchaseId: string, locale: string): Promise<VodPlayback | Refused> => {
  const answer = await apiSend<VodPlayback>(
    "POST",
    `/vod/${encodeURIComponent(purchaseId)}/playback?lang=${locale}`,
    {},
  )
  return answer.ok && answer.body !== null ? answer.body : { refused: codeOf(answer.body) || "vodLoadError" }
}
