import { Effect } from "effect"
import { type CommitCart, type CommitSeatLine, emptyCommitCart } from "../../../src/domain/cart/commitCart.ts"
import type { CustomerInfo } from "../../../src/domain/cart/facts.ts"
import { PaymentServices } from "../../../src/server/payment/http.ts"
import { Reconciliation } from "../../../src/server/payment/Reconciliation.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"

/**
 * Shared steps of the payment tests: find free seats, hold them through the seat API, build the commit cart the
 * browser would, and walk a sandbox provider's pages like a buyer.
 */

export interface Stage {
  readonly presentationId: number
  readonly venueId: number
  readonly seatplanId: number
  readonly locationId: number
  readonly sectionId: number
  readonly rowIndex: number
  readonly rowName: string
  readonly seatIndexes: ReadonlyArray<number>
  readonly seatNames: ReadonlyArray<string>
  readonly ticket: {
    readonly id: number
    readonly groupId: number
    readonly price: number
    readonly serviceCharge: number
    readonly pricePolicyId: number
  }
}

/** The kind of ticket a stage sells: a plain one, a member-only one, or one that needs a hotel reference. */
export type StageTicket = "plain" | "memberOnly" | "reference"

const TICKET_KIND: Record<StageTicket, string> = {
  plain: "NOT t.is_member_only AND NOT t.requires_reference",
  memberOnly: "t.is_member_only",
  reference: "t.requires_reference",
}

/**
 * A future, on-sale presentation at a location with no booking fee (unless asked), one empty row of plain seats,
 * and a ticket of the kind asked for (plain by default).
 */
export const freshStage = async (
  server: RunningServer,
  used: Array<number>,
  options: StageOptions = {},
): Promise<Stage> => {
  const [stage] = await freshStages(server, used, 1, options)
  if (stage === undefined) throw new Error("no empty row in the seeded data")
  return stage
}

export interface StageOptions {
  readonly secondCardProvider?: boolean
  readonly ticket?: StageTicket
  /** another showing one order may hold with this stage's (same location, business and auth profile) */
  readonly sameBookingAs?: Stage
  /** a showing this partner's mini-site offers (issue 19, src/server/db/seed/miniSites.ts) */
  readonly offeredBy?: number
}

/**
 * Up to `count` stages, each at a presentation of its own (the first row of each, in presentation order), none at
 * a presentation in `used`; each one's presentation is added to `used`. One query for all of them: the load
 * benchmark takes hundreds before its clock starts.
 */
export const freshStages = async (
  server: RunningServer,
  used: Array<number>,
  count: number,
  options: StageOptions = {},
): Promise<ReadonlyArray<Stage>> => {
  const kind = TICKET_KIND[options.ticket ?? "plain"]
  const offered =
    options.ticket === undefined || options.ticket === "plain"
      ? ""
      : `AND EXISTS (SELECT 1 FROM presentation_ticket_groups_effective e
           JOIN tickets t ON t.ticket_group_id = e.ticket_group_id
           WHERE e.presentation_id = p.id AND (e.section_id IS NULL OR e.section_id = s.section_id) AND t.is_active
             AND ${kind})`
  const rows = await server.query<
    Omit<Stage, "seatIndexes" | "seatNames" | "ticket"> & { idx: string; names: string }
  >(
    `SELECT DISTINCT ON ("presentationId") * FROM (SELECT p.id AS "presentationId", v.id AS "venueId", v.seatplan_id AS "seatplanId", v.location_id AS "locationId",
       s.section_id AS "sectionId", s.row_index AS "rowIndex", min(s.row_name) AS "rowName",
       string_agg(s.seat_index::text, ',' ORDER BY s.seat_index) AS idx,
       string_agg(s.seat_name, ',' ORDER BY s.seat_index) AS names
     FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
     JOIN seats s ON s.seatplan_id = v.seatplan_id
     WHERE p.is_on_sale AND p.starts_at > marquee_now() + interval '1 day' AND v.venue_type_id < 100
       AND NOT (p.id = ANY ($1::integer[]))
       -- a showing that asks for the child waiver (issue 19) is committed only with one: tests/server/waiver
       AND NOT p.requires_waiver
       AND l.card_provider = $2 ${offered}
       ${options.offeredBy === undefined ? "" : `AND p.id IN (SELECT presentation_id FROM mini_site_presentations WHERE mini_site_id = ${options.offeredBy})`}
       AND ($3::int IS NULL OR (v.location_id = $4 AND (p.business_id, p.auth_profile_id) =
         (SELECT business_id, auth_profile_id FROM presentations WHERE id = $3)))
       AND ($2 = 'secondary' OR NOT EXISTS (SELECT 1 FROM service_charges sc WHERE sc.kind = 'booking'
         AND (sc.location_id IS NULL OR sc.location_id = v.location_id)))
     GROUP BY 1, 2, 3, 4, 5, 6
     HAVING count(*) >= 8 AND bool_and(s.seat_group_id IS NULL AND NOT s.is_premium AND NOT s.is_wheelchair
       AND NOT s.is_companion AND s.default_ticket_group_id IS NULL)
       AND NOT bool_or(EXISTS (SELECT 1 FROM seat_allocations a WHERE a.presentation_id = p.id AND a.seat_id = s.id))
     ) candidate ORDER BY "presentationId", "sectionId", "rowIndex" LIMIT $5`,
    [
      `{${used.join(",")}}`,
      options.secondCardProvider === true ? "secondary" : "default",
      options.sameBookingAs?.presentationId ?? null,
      options.sameBookingAs?.locationId ?? null,
      count,
    ],
  )
  const stages: Array<Stage> = []
  for (const row of rows) {
    used.push(row.presentationId)
    stages.push(await withTicket(server, row, kind))
  }
  return stages
}

/** The stage's row with the dearest ticket of `kind` its section sells (single, no minimum, no linked ticket). */
const withTicket = async (
  server: RunningServer,
  row: Omit<Stage, "seatIndexes" | "seatNames" | "ticket"> & { idx: string; names: string },
  kind: string,
): Promise<Stage> => {
  const tickets = await server.query<Stage["ticket"]>(
    `SELECT t.id, t.ticket_group_id AS "groupId", t.price_agorot AS price, t.service_charge_agorot AS "serviceCharge",
       t.price_policy_id AS "pricePolicyId"
     FROM presentation_ticket_groups_effective e JOIN tickets t ON t.ticket_group_id = e.ticket_group_id
     WHERE e.presentation_id = $1 AND (e.section_id IS NULL OR e.section_id = $2) AND t.is_active
       AND t.price_agorot > 0 AND t.min_per_order = 0 AND t.requires_ticket_id IS NULL AND ${kind}
       AND t.multiply_factor = 1
     ORDER BY t.price_agorot DESC LIMIT 1`,
    [row.presentationId, row.sectionId],
  )
  const ticket = tickets[0]
  if (ticket === undefined) throw new Error(`no plain ticket for presentation ${row.presentationId}`)
  const { idx, names, ...rest } = row
  return { ...rest, seatIndexes: idx.split(",").map(Number), seatNames: names.split(","), ticket }
}

const json = { "content-type": "application/json" }

/** `PUT /api/seats/lock-seat` (or `unlock-seat`) for seats of the stage's row, by their index in it. */
export const seatCall = (
  server: RunningServer,
  path: "lock-seat" | "unlock-seat",
  cart: string,
  stage: Stage,
  indexes: ReadonlyArray<number>,
) =>
  fetch(`${server.baseUrl}/api/seats/${path}`, {
    method: "PUT",
    headers: { ...json, "x-cart-token": cart },
    body: JSON.stringify({
      seats: indexes.map((i) => ({
        PresentationId: stage.presentationId,
        VenueSectionId: stage.sectionId,
        XCoordinate: stage.seatIndexes[i],
        YCoordinate: stage.rowIndex,
      })),
    }),
  })

export const holdSeats = async (
  server: RunningServer,
  cart: string,
  stage: Stage,
  indexes: ReadonlyArray<number>,
) => {
  const response = await seatCall(server, "lock-seat", cart, stage, indexes)
  if (response.status !== 200) throw new Error(`lock: ${response.status} ${await response.text()}`)
}

export const seatLine = (
  stage: Stage,
  i: number,
  overrides: Partial<CommitSeatLine["ticket"]> = {},
): CommitSeatLine => ({
  XCoordinate: stage.seatIndexes[i] as number,
  YCoordinate: stage.rowIndex,
  RowName: stage.rowName,
  SeatName: stage.seatNames[i] as string,
  isFirstAddonSelected: false,
  isMultiplyFactorSubTicket: false,
  seatModifiers: [],
  ticket: {
    prsntId: stage.presentationId,
    ticketGroupId: stage.ticket.groupId,
    venueId: stage.venueId,
    seatplanId: stage.seatplanId,
    sectionId: stage.sectionId,
    ticketId: stage.ticket.id,
    membershipLoyaltyId: null,
    membershipLoyaltyTicketId: null,
    amount: stage.ticket.price as CommitSeatLine["ticket"]["amount"],
    serviceCharge: stage.ticket.serviceCharge as CommitSeatLine["ticket"]["amount"],
    pricePolicyId: stage.ticket.pricePolicyId,
    allocationId: null,
    code: null,
    oldPrice: null,
    selectedAddons: [],
    discountId: null,
    appliedDiscount: null,
    ...overrides,
  },
})

export const commitCart = (
  stage: Stage,
  indexes: ReadonlyArray<number>,
  extra: Partial<CommitCart> = {},
): CommitCart =>
  buyerCart({ locationId: stage.locationId, seats: indexes.map((i) => seatLine(stage, i)), ...extra })

/** A commit cart with the buyer's details and nothing to buy: orders of vouchers, donations and food add theirs. */
export const buyerCart = (extra: Partial<CommitCart> = {}): CommitCart =>
  ({
    ...emptyCommitCart({
      CustomerId: null,
      FirstName: "Dana",
      LastName: "Levi",
      EmailAddress1: "dana@example.com",
      MobileNumber1: "+972 52-123-4567",
      SSN: null,
      Address1: null,
      Address2: null,
      City: null,
      PostalCode: null,
      DateOfBirth: null,
      IsSMSAllowed: true,
      IsEmailAllowed: true,
      IsMailingAllowed: false,
    } as CustomerInfo),
    ...extra,
  }) as CommitCart

export const postCommit = (
  server: RunningServer,
  cart: string,
  key: string,
  body: CommitCart,
  terms = true,
  recaptchaToken?: string,
  // what a buyer of a normal order accepts besides the terms (spec §5: SUMMER_PROMO is required)
  answers: { readonly additionalTerms?: ReadonlyArray<string>; readonly invoice?: object | null } = {
    additionalTerms: ["SUMMER_PROMO"],
  },
) =>
  fetch(`${server.baseUrl}/api/payment/commit`, {
    method: "POST",
    headers: { ...json, "x-cart-token": cart, "idempotency-key": key },
    body: JSON.stringify({ cart: body, termsAccepted: terms, recaptchaToken, ...answers }),
  })

export interface Committed {
  readonly reservationIdentifier: string
  readonly ticketIdentifiers: ReadonlyArray<string>
  readonly status: string
  readonly total: number
  readonly amountDue: number
  readonly voucherAmount: number
  readonly paymentDeadline: string
  readonly documentKey: string | null
}

/** A cart holding `count` seats of a fresh stage, committed. */
export const committedOrder = async (server: RunningServer, used: Array<number>, count = 2) => {
  const stage = await freshStage(server, used)
  const cart = await newCart(server.baseUrl)
  const indexes = Array.from({ length: count }, (_, i) => i)
  await holdSeats(server, cart, stage, indexes)
  const response = await postCommit(server, cart, crypto.randomUUID(), commitCart(stage, indexes))
  if (response.status !== 200) throw new Error(`commit: ${response.status} ${await response.text()}`)
  return { stage, cart, indexes, order: (await response.json()) as Committed }
}

export interface Form {
  readonly paymentFormURL: string
  readonly paymentId: string
  readonly provider: string
  readonly amount: number
}

export const openForm = async (
  server: RunningServer,
  cart: string,
  reservation: string,
  method = "card",
  locale = "he",
) => {
  const response = await fetch(
    `${server.baseUrl}/api/payment/form/${locale}?reservationIdentifier=${reservation}&method=${method}`,
    { headers: { "x-cart-token": cart } },
  )
  if (response.status !== 200) throw new Error(`form: ${response.status} ${await response.text()}`)
  return (await response.json()) as Form
}

/** Submits a sandbox page's form as the buyer's browser would; answers the status and where it redirects. */
export const submit = async (server: RunningServer, path: string, fields: Record<string, string>) => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  })
  const text = await response.text()
  return { status: response.status, location: response.headers.get("location"), text }
}

export const payByCard = (server: RunningServer, form: Form, number = "4580 0000 0000 0000") =>
  submit(server, form.paymentFormURL, {
    action: "pay",
    cardNumber: number,
    expiry: "12/39",
    cvv: "123",
    instalments: "1",
  })

export const complete = async (
  server: RunningServer,
  cart: string,
  reservation: string,
  paymentId: string,
) => {
  const response = await fetch(`${server.baseUrl}/api/payment/complete`, {
    method: "POST",
    headers: { ...json, "x-cart-token": cart },
    body: JSON.stringify({ reservationIdentifier: reservation, paymentId }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

export const orderState = async (server: RunningServer, identifier: string) => {
  const rows = await server.query<{
    paymentStatus: string
    failure: string | null
    documentKey: string | null
  }>(
    `SELECT payment_status AS "paymentStatus", failure, document_key AS "documentKey" FROM reservations
     WHERE identifier = $1`,
    [identifier],
  )
  return rows[0]
}

export const reconcile = (server: RunningServer) =>
  server.run(
    Effect.gen(function* () {
      const reconciliation = yield* Reconciliation
      return yield* reconciliation.run
    }).pipe(Effect.provide(PaymentServices)),
  )

/** The error code of a refused call's body (`{"code": …}`). */
export const codeOf = async (response: Response): Promise<string | undefined> =>
  ((await response.json()) as { code?: string }).code

/** An order committed through the API and paid with the sandbox card, its payment page opened in `locale`. */
export const paidOrder = async (server: RunningServer, used: Array<number>, locale = "he") => {
  const { cart, order } = await committedOrder(server, used)
  const form = await openForm(server, cart, order.reservationIdentifier, "card", locale)
  const paid = await payByCard(server, form)
  if (paid.status !== 303) throw new Error(`pay: ${paid.status} ${paid.text}`)
  const state = await orderState(server, order.reservationIdentifier)
  if (state?.paymentStatus !== "paid" || state.documentKey === null) throw new Error("order not paid")
  return { identifier: order.reservationIdentifier, key: state.documentKey }
}

/**
 * A fresh cart holding one seat of a fresh stage, and the commit body a browser would send for it: what the
 * refusal tests change one field of. `line` is its seat line, `buyer` its customer info.
 */
export const oneSeatCommit = async (server: RunningServer, used: Array<number>) => {
  const stage = await freshStage(server, used)
  const cart = await newCart(server.baseUrl)
  await holdSeats(server, cart, stage, [0])
  const body = commitCart(stage, [0])
  const line = body.seats[0]
  const buyer = body.customerInfo
  if (line === undefined || buyer === null) throw new Error("the commit cart has no seat or buyer")
  return { stage, cart, body, line, buyer }
}
