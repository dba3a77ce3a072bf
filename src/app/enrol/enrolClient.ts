import type { CartToken } from "../../api/CartApi.ts"
import type { EnrolMembership, EnrolSeason, EnrolSeatplan } from "../../api/EnrolApi.ts"
import type { CommitResult, CompletionResult, PaymentForm } from "../../api/PaymentApi.ts"
import type { Seatplan } from "../../api/SeatsApi.ts"
import type { CommitCart } from "../../domain/cart/commitCart.ts"
import { apiFetch, apiGet, apiSend, apiUrl } from "../lib/api.ts"
import { solveHumanCheck } from "../lib/humanCheck.ts"

/**
 * The enrolment's calls (contract src/api/EnrolApi.ts) and its draft. The draft lives in sessionStorage, outside
 * the cart log: the enrolment is its own order kind, with a cart token of its own that holds its seats from the
 * first step to the commit (the signed-in customer's `uuid` is added by `apiFetch`).
 */

export interface PickedSeat {
  readonly sectionId: number
  readonly x: number
  readonly y: number
  readonly row: string
  readonly seat: string
}

export interface EnrolDraft {
  readonly membershipId: number
  readonly seasonId: number
  readonly cartToken: string | null
  readonly ticketGroupId: number | null
  readonly ticketId: number | null
  /** the optional showings chosen (the required ones are always in) */
  readonly chosen: ReadonlyArray<number>
  /** the seat held in each showing (the member seat: under every required showing) */
  readonly seats: Readonly<Record<number, PickedSeat>>
  readonly idempotencyKey: string
  readonly reservationIdentifier: string | null
  /** the paid order's e-document key (its tickets' page), once paid */
  readonly documentKey?: string | null
}

const KEY = "marquee.enrolDraft"

export const readDraft = (membershipId: number, seasonId: number): EnrolDraft => {
  try {
    const raw = sessionStorage.getItem(KEY)
    const draft = raw === null ? null : (JSON.parse(raw) as EnrolDraft)
    if (draft !== null && draft.membershipId === membershipId && draft.seasonId === seasonId) return draft
  } catch {
    // storage blocked or unreadable: a new draft
  }
  return {
    membershipId,
    seasonId,
    cartToken: null,
    ticketGroupId: null,
    ticketId: null,
    chosen: [],
    seats: {},
    idempotencyKey: crypto.randomUUID(),
    reservationIdentifier: null,
  }
}

export const saveDraft = (draft: EnrolDraft) => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft))
  } catch {
    // storage blocked: the steps keep the draft in memory only
  }
}

export const offerKey = (membershipId: number, locale: string) => ["enrol", membershipId, locale] as const

export const fetchOffer = (membershipId: number, locale: string, signal?: AbortSignal) =>
  apiGet<EnrolMembership>(`/enroll/${membershipId}`, { lang: locale }, signal)

/** The season the steps enrol in: the first open season. */
export const seasonOf = (offer: EnrolMembership | undefined): EnrolSeason | null => offer?.seasons[0] ?? null

export const fetchHall = (season: EnrolSeason, locale: string, signal?: AbortSignal) =>
  apiGet<Seatplan>(
    "/seats/seatplan",
    { venueId: season.venueId, seatplanId: season.seatplanId, lang: locale },
    signal,
  )

export const fetchSeatStatuses = async (
  membershipId: number,
  seasonId: number,
  presentationId: number | null,
  cartToken: string | null,
  signal?: AbortSignal,
): Promise<EnrolSeatplan> => {
  const response = await apiFetch(
    apiUrl(`/enroll/${membershipId}/seatplan`, {
      seasonId,
      presentationId: presentationId ?? undefined,
    }),
    { signal, headers: cartToken === null ? {} : { "x-cart-token": cartToken } },
  )
  if (!response.ok) throw new Error(`seatplan ${response.status}`)
  return (await response.json()) as EnrolSeatplan
}

export type Refused = { readonly refused: string }

export const codeOf = (body: unknown): string =>
  typeof body === "object" && body !== null
    ? String((body as { code?: unknown; error?: unknown }).code ?? (body as { error?: unknown }).error ?? "")
    : ""

/** A cart token of the enrolment's own, after the human check. */
export const newCartToken = async (): Promise<string | Refused> => {
  const answer = await apiSend<CartToken>("POST", "/cart/token", { recaptchaToken: await solveHumanCheck() })
  return answer.ok && answer.body !== null ? answer.body.token : { refused: "GENERAL_ERROR" }
}

/** Holds (lock) or lets go (unlock) a seat: the member seat when `presentationId` is null. */
export const seatCall = async (
  action: "lock" | "unlock",
  draft: EnrolDraft,
  cartToken: string,
  seat: { readonly sectionId: number; readonly x: number; readonly y: number },
  presentationId: number | null,
  selections: ReadonlyArray<number>,
): Promise<{ readonly RowName: string; readonly SeatName: string } | Refused> => {
  const answer = await apiSend<{ lockedSeat?: { RowName: string; SeatName: string } }>(
    "PUT",
    `/enroll/${draft.membershipId}/${action}-seat`,
    { ...seat, seasonId: draft.seasonId, presentationId, selections },
    { headers: { "x-cart-token": cartToken } },
  )
  if (!answer.ok || answer.body === null) {
    const code = codeOf(answer.body)
    return { refused: code === "lock_seat_error" ? "seatTaken" : code || "GENERAL_ERROR" }
  }
  return answer.body.lockedSeat ?? { RowName: "", SeatName: "" }
}

/** Commits the enrolment (once per draft key) and, when something is to pay, opens the card payment. */
export const commitEnrolment = async (
  draft: EnrolDraft,
  cart: CommitCart,
  locale: string,
): Promise<{ readonly paymentFormURL: string } | { readonly paid: CommitResult } | Refused> => {
  if (draft.cartToken === null) return { refused: "holdLost" }
  const headers = { "x-cart-token": draft.cartToken, "idempotency-key": draft.idempotencyKey }
  const committed = await apiSend<CommitResult>(
    "POST",
    "/payment/commit",
    { cart, termsAccepted: true, additionalTerms: [] },
    { headers },
  )
  if (!committed.ok || committed.body === null) return { refused: codeOf(committed.body) || "GENERAL_ERROR" }
  const order = committed.body
  if (order.status === "paid") return { paid: order }
  const form = await apiFetch(
    apiUrl(`/payment/form/${locale}`, { reservationIdentifier: order.reservationIdentifier, method: "card" }),
    { headers: { accept: "application/json", "x-cart-token": draft.cartToken } },
  )
  if (!form.ok) return { refused: codeOf(await form.json().catch(() => null)) || "GENERAL_ERROR" }
  return { paymentFormURL: ((await form.json()) as PaymentForm).paymentFormURL }
}

/** How far the provider's page may still be working: ask again (3-D Secure, processing, the bank app). */
const STILL_WORKING = new Set(["awaitingVerification", "processing", "awaitingBankApp"])

/**
 * Back from the provider: the server asks it how the payment ended and completes the order (the return URL proves
 * nothing). Asked again while the provider is still working, up to `tries` times; null when no answer came.
 * The enrolment's cart token goes along when this tab still has it; without it the signed-in member owns the order.
 * "notFound": not an order of this member's (the server's 404 tells no more).
 */
export const completeEnrolPayment = async (
  cartToken: string | null,
  reservationIdentifier: string,
  paymentId: string,
  options: { readonly tries?: number; readonly pauseMs?: number } = {},
): Promise<CompletionResult | "notFound" | null> => {
  const tries = options.tries ?? 10
  for (let i = 0; i < tries; i++) {
    const answer = await apiSend<CompletionResult>(
      "POST",
      "/payment/complete",
      { reservationIdentifier, paymentId },
      { headers: cartToken === null ? {} : { "x-cart-token": cartToken } },
    ).catch(() => null)
    const result = answer?.ok === true ? answer.body : null
    if (result !== null && !(STILL_WORKING.has(result.paymentState) && result.status === "awaitingPayment"))
      return result
    if (answer !== null && !answer.ok && answer.status >= 400 && answer.status < 500) return "notFound"
    await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 1500))
  }
  return null
}
