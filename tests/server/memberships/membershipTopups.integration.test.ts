import { describe, expect, it } from "vitest"
import { DEMO_MEMBER_SSN } from "../../../src/server/db/seed/codes.ts"
import { SEASON_MEMBERSHIP_ID } from "../../../src/server/db/seed/seasonMembership.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { DEMO_MOBILE, secondMobile, signIn } from "../customerArea/_area.ts"
import { codeOf, openForm, payByCard } from "../payment/_payment.ts"
import { commitAs, membershipCart, seatedStage } from "./_memberships.ts"

/**
 * `GET /api/memberships` and top-ups on both databases (issue 16, spec §3 "topups per member number", §4 "renewal
 * offered near expiry"): what is on sale, the signed-in customer's own members with renewal offered within the
 * window, and a paid top-up adding entries and validity to the customer's own member only.
 */
const databases = bothDatabases("membershiptopups")

interface Committed {
  readonly reservationIdentifier: string
}

describe.each(databases)("membership catalogue and top-ups on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("lists what is on sale; a signed-in customer's members to top up, renewal offered near expiry", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used)
    const guest = (await (await fetch(`${live().baseUrl}/api/memberships?lang=en`)).json()) as {
      memberships: ReadonlyArray<Record<string, unknown>>
      topups: ReadonlyArray<unknown>
      renewalWindowDays: number
    }
    expect(guest.topups).toEqual([])
    expect(guest.renewalWindowDays).toBe(30)
    expect(guest.memberships.find((m) => m.MembershipId === 2)).toMatchObject({
      Code: "SERIES10",
      Name: "10-ticket card",
      MembershipTypeId: 2,
      ticketQuantity: 10,
      maxQuantity: 1,
      hasSeat: false,
      prices: [{ MembershipPriceId: 21, Price: 39000, currency: "ILS", currencyId: 1, PriceCode: "S10" }],
    })
    // the demo's season membership (src/server/db/seed/seasonMembership.ts): a seat over its hall's next four showings
    expect(guest.memberships.find((m) => m.MembershipId === SEASON_MEMBERSHIP_ID)).toMatchObject({
      Code: "SEASON4",
      hasSeat: true,
      prices: [{ MembershipPriceId: 41, Price: 48000, currencyId: 1 }],
    })
    const season = (await (
      await fetch(`${live().baseUrl}/api/membership/seatplan?membershipId=${SEASON_MEMBERSHIP_ID}`)
    ).json()) as { presentationIds: ReadonlyArray<number>; seats: ReadonlyArray<{ isAvailable: boolean }> }
    expect(season.presentationIds).toHaveLength(4)
    expect(season.seats.some((seat) => seat.isAvailable)).toBe(true)
    expect(guest.memberships.find((m) => m.MembershipId === stage.membershipId)).toMatchObject({
      hasSeat: true,
      venueId: stage.venueId,
      seatplanId: stage.seatplanId,
    })
  })

  it("a signed-in customer tops up their own member; renewal is offered near expiry; others' members are not found", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const uuid = await signIn(live(), DEMO_MOBILE)
    const catalogue = (await (
      await fetch(`${live().baseUrl}/api/memberships?lang=en`, { headers: { uuid } })
    ).json()) as {
      topups: ReadonlyArray<{ memberNumber: string; renewalOffered: boolean; balance: number | null }>
    }
    // "near expiry": active and ending within 30 days, read from the rows themselves
    const near = await live().query<{ number: string }>(
      `SELECT mb.member_number AS number FROM members mb JOIN customers c ON c.id = mb.customer_id
       WHERE c.mobile = $1 AND mb.start_date <= (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date
         AND mb.end_date BETWEEN (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date
           AND (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date + 30
       ORDER BY 1`,
      [DEMO_MOBILE],
    )
    expect(near.length).toBeGreaterThan(0)
    const offered = catalogue.topups.filter((t) => t.renewalOffered).map((t) => t.memberNumber)
    expect([...offered].sort()).toEqual(near.map((n) => n.number))
    expect(catalogue.topups.find((t) => t.memberNumber === "90000004")).toMatchObject({ balance: 0 })

    const [before] = await live().query<{ end: string }>(
      `SELECT end_date::text AS "end" FROM members WHERE member_number = '90000004'`,
    )
    const cart = await newCart(live().baseUrl)
    const topup = membershipCart(
      { membershipId: 2, membershipPriceId: 21, isTopup: true },
      { ssn: DEMO_MEMBER_SSN, extra: { membershipIdentifier: "90000004" } },
    )
    // a guest, another customer, or a price of another membership: the member is not found
    expect(await codeOf(await commitAs(live(), cart, topup))).toBe("memberNotFound")
    const stranger = await signIn(live(), await secondMobile(live()))
    expect(await codeOf(await commitAs(live(), cart, topup, { uuid: stranger }))).toBe("memberNotFound")
    const wrongKind = membershipCart(
      { membershipId: 1, membershipPriceId: 11, isTopup: true },
      { ssn: DEMO_MEMBER_SSN, extra: { membershipIdentifier: "90000004" } },
    )
    expect(await codeOf(await commitAs(live(), cart, wrongKind, { uuid }))).toBe("memberNotFound")

    const response = await commitAs(live(), cart, topup, { uuid })
    expect(response.status, await response.clone().text()).toBe(200)
    const order = (await response.json()) as Committed
    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect((await payByCard(live(), form)).status).toBe(303)
    const [after] = await live().query<{ balance: number; days: number }>(
      `SELECT balance, (end_date - $1::date)::int AS days FROM members WHERE member_number = '90000004'`,
      [before?.end],
    )
    expect(after).toEqual({ balance: 10, days: 365 })
    const items = await live().query<{ issued: ReadonlyArray<string> }>(
      `SELECT oi.details->'issued' AS issued FROM order_items oi JOIN reservations r ON r.id = oi.reservation_id
       WHERE r.identifier = $1`,
      [order.reservationIdentifier],
    )
    expect(items.map((i) => i.issued)).toEqual([["90000004"]])
  })
})
