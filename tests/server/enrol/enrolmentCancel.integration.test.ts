import { describe, expect, it } from "vitest"
import type { CustomerAreaData } from "../../../src/api/CustomerAreaApi.ts"
import type { CancellationQuote } from "../../../src/api/CustomerAreaCancellationApi.ts"
import type { EnrolMembership } from "../../../src/api/EnrolApi.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { call, DEMO_MOBILE, signIn } from "../customerArea/_area.ts"
import { commitAs } from "../memberships/_memberships.ts"
import { complete, openForm, payByCard } from "../payment/_payment.ts"
import { enrolCart, enrolSeatCall, holders, MEMBERSHIP, type SeasonStage, seasonStage } from "./_enrol.ts"

/**
 * Issue 16, cancelling a season enrolment in the customer area, on both databases: the order is the member's even
 * when nothing was paid for it (a free enrolment is paid at commit: the commit writes its customer), cancelling it
 * frees the member's place in the season and its seats, so the member can enrol again; an optional showing's
 * ticket may go alone, a required showing's only with the whole enrolment.
 */
const databases = bothDatabases("enrolcancel")
const DEMO_MEMBER = "90000001"

describe.each(databases)("cancelling a season enrolment on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []
  let uuid: string | undefined
  const demo = async () => {
    uuid ??= await signIn(live(), DEMO_MOBILE)
    return { cart: await newCart(live().baseUrl), uuid }
  }
  const enrolledIn = async (auth: { uuid: string }, stage: SeasonStage) => {
    const answer = await call(live(), auth.uuid, "GET", `/api/enroll/${MEMBERSHIP}?lang=en`)
    expect(answer.status).toBe(200)
    const body = answer.body as unknown as EnrolMembership
    return body.seasons.find((s) => s.SeasonId === stage.seasonId)?.enrolled ?? null
  }
  /** Holds the member seat (seat `seat`) and commits the required showing alone on it, at `amount`. */
  const enrolRequiredAlone = async (stage: SeasonStage, seat: number, amount = 0) => {
    const auth = await demo()
    const locked = await enrolSeatCall(live(), auth, stage, seat, null)
    expect(locked.status, await locked.clone().text()).toBe(200)
    return commitAs(live(), auth.cart, enrolCart(stage, DEMO_MEMBER, [{ showing: 0, seat, amount }]), {
      uuid: auth.uuid,
    })
  }
  const ticketOf = async (identifier: string, presentationId: number) =>
    (
      await live().query<{ id: string }>(
        `SELECT st.id::text AS id FROM sold_tickets st JOIN reservations r ON r.id = st.reservation_id
         WHERE r.identifier = $1 AND st.presentation_id = $2`,
        [identifier, presentationId],
      )
    )[0]?.id as string
  const cancel = (auth: { uuid: string }, identifier: string, items?: ReadonlyArray<string>) =>
    call(live(), auth.uuid, "POST", `/api/reservations/${identifier}/cancel`, {
      ...(items === undefined ? {} : { itemsToCancel: items }),
      refundToTransactionCredit: true,
    })

  it("a free enrolment of the required showing alone is the member's: cancelled, it frees the place and the seat", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seasonStage(live(), used)
    const committed = await enrolRequiredAlone(stage, 0)
    expect(committed.status, await committed.clone().text()).toBe(200)
    const order = (await committed.json()) as { status: string; total: number; reservationIdentifier: string }
    expect(order).toMatchObject({ status: "paid", total: 0 })
    const auth = await demo()

    // paid at commit, yet the signed-in member's: the customer area lists it and may cancel it
    const area = (await call(live(), auth.uuid, "GET", "/api/customer-area/customerAreaData?lang=en"))
      .body as unknown as CustomerAreaData
    expect(
      area.reservations.find((r) => r.reservationIdentifier === order.reservationIdentifier)?.state,
    ).toBe("active")
    const cancelled = await cancel(auth, order.reservationIdentifier)
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(cancelled.body).toMatchObject({ refundAmount: 0, state: "cancelled" })

    // released: no enrolment, the seat free, and the member enrols again (on the same seat)
    expect(await enrolledIn(auth, stage)).toBeNull()
    expect(await holders(live(), stage, (stage.seats[0] as { id: number }).id)).toEqual([])
    const again = await enrolRequiredAlone(stage, 0)
    expect(again.status, await again.clone().text()).toBe(200)
    expect(await again.json()).toMatchObject({ status: "paid" })
  })

  it("a paid enrolment: an optional showing cancelled alone keeps it, the required one alone cancels it all", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seasonStage(live(), used, { payable: [1000, 0, 1500] })
    const auth = await demo()
    for (const showing of [null, stage.showings[1], stage.showings[2]] as const) {
      const locked = await enrolSeatCall(live(), auth, stage, 0, showing ?? null)
      expect(locked.status, await locked.clone().text()).toBe(200)
    }
    const picks = [0, 1, 2].map((showing) => ({ showing, seat: 0, amount: [1000, 0, 1500][showing] }))
    const committed = await commitAs(live(), auth.cart, enrolCart(stage, DEMO_MEMBER, picks), {
      uuid: auth.uuid,
    })
    expect(committed.status, await committed.clone().text()).toBe(200)
    const identifier = ((await committed.json()) as { reservationIdentifier: string }).reservationIdentifier
    const form = await openForm(live(), auth.cart, identifier, "card", "en")
    expect((await payByCard(live(), form)).status).toBe(303)
    expect((await complete(live(), auth.cart, identifier, form.paymentId)).body).toMatchObject({
      status: "paid",
    })

    // the optional 15.00 showing alone: the enrolment stays, with the two showings left
    const optional = await ticketOf(identifier, stage.showings[2] as number)
    const partial = await cancel(auth, identifier, [optional])
    expect(partial.status, JSON.stringify(partial.body)).toBe(200)
    expect(partial.body).toMatchObject({ cancelledItems: [optional], state: "partlyCancelled" })
    expect((await enrolledIn(auth, stage))?.seats.map((s) => s.PresentationId)).toEqual(
      stage.showings.slice(0, 2),
    )

    // the required showing alone: the quote and the cancel cover every ticket left, and the place is free
    const required = await ticketOf(identifier, stage.showings[0] as number)
    // (sorted: the tickets' order is their showings' ids, the stage's their start times)
    const left = [required, await ticketOf(identifier, stage.showings[1] as number)].sort()
    const quote = await call(
      live(),
      auth.uuid,
      "GET",
      `/api/reservations/${identifier}/cancellation?items=${required}&refundToTransactionCredit=true`,
    )
    expect(quote.status).toBe(200)
    const quoted = (quote.body as unknown as CancellationQuote).items.map((i) => i.ticketIdentifier)
    expect(quoted.sort()).toEqual(left)
    const whole = await cancel(auth, identifier, [required])
    expect(whole.status, JSON.stringify(whole.body)).toBe(200)
    expect(whole.body).toMatchObject({ state: "cancelled" })
    expect([...(whole.body.cancelledItems as Array<string>)].sort()).toEqual(left)
    expect(await enrolledIn(auth, stage)).toBeNull()
    expect(await holders(live(), stage, (stage.seats[0] as { id: number }).id)).toEqual([])

    // enrols again: the seat call and the commit no longer answer ALREADY_ENROLLED
    const again = await enrolRequiredAlone(stage, 1, 1000)
    expect(again.status, await again.clone().text()).toBe(200)
    expect(await again.json()).toMatchObject({ status: "awaitingPayment", total: 1000 })
  })
})
