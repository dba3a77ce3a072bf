import { beforeAll, describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { json, liveGet, STAFF, staffToken } from "./_staff.ts"

/**
 * Issue 18 ticket-reference administration through real HTTP on both databases: agents, list, detail, ticket
 * sales (default range last month, date type 2, detail level 1) equal to sums taken from the raw sold-ticket rows,
 * editing a quantity, sending tickets by SMS. Staff of the chain (business 1) and of the Haifa stage (business 2)
 * can neither read nor touch the other's references, sales or orders, however the other business is asked for.
 * The clock is pinned at 2026-11-24 (Jerusalem), so "last month" is October 2026.
 */
type Option = {
  PriceType: number
  PriceId: number
  PriceRowId: number
  BusinessId: number
  CustomerId: number | null
  Reference1: string
  Reference2: string | null
  Quantity: number
  Used: number
  Left: number
}
type Sale = {
  Key: string
  Reference1: string
  ReservationNumber: string | null
  Quantity: number
  AmountAgorot: number
}

const OCTOBER = { from: "2026-09-30T21:00:00Z", to: "2026-10-31T22:00:00Z" }
const ASKING_FOR_OTHERS = (other: number) => [
  `businessIds=${other}`,
  `businessId=${other}`,
  `businessIds=${other}&businessIds=${other}`,
  `businessIds=${other},-1`,
  "businessIds=all",
  `businessId=-${other}`,
]

/**
 * Turns one paid order of `business` into an October order whose live tickets are `reference` sales of the
 * reference ticket (the seed's history does not reach back a month, nor sell references).
 */
const sellWithReference = async (
  server: RunningServer,
  business: number,
  reference: string,
  note: string | null,
) => {
  const [order] = await server.query<{ id: number; identifier: string }>(
    `SELECT r.id, r.identifier FROM reservations r
     WHERE r.business_id = $1 AND r.payment_status = 'paid' AND r.status = 'active' AND r.location_id <> 1
       AND EXISTS (SELECT 1 FROM sold_tickets t WHERE t.reservation_id = r.id AND t.cancelled_at IS NULL)
       AND NOT EXISTS (SELECT 1 FROM sold_tickets t WHERE t.reservation_id = r.id AND t.reference1 IS NOT NULL)
     ORDER BY r.id LIMIT 1`,
    [business],
  )
  if (order === undefined) throw new Error(`no paid order of business ${business}`)
  await server.query(
    `UPDATE reservations SET purchased_at = '2026-10-15T10:00:00Z', document_key = coalesce(document_key, 'ref-' || id)
     WHERE id = $1`,
    [order.id],
  )
  await server.query(
    `UPDATE sold_tickets SET ticket_id = (SELECT min(id) FROM tickets WHERE requires_reference),
       reference1 = $2, reference2 = $3 WHERE reservation_id = $1`,
    [order.id, reference, note],
  )
  return order
}

/** Sales of a reference in October by purchase, one count per order, from the raw rows. */
const rawSales = (server: RunningServer, business: number, reference: string) =>
  server.query<{ identifier: string; n: number; amount: number }>(
    `SELECT r.identifier, count(*)::int AS n, sum(t.price_agorot)::int AS amount
     FROM sold_tickets t JOIN reservations r ON r.id = t.reservation_id
     WHERE upper(t.reference1) = upper($2) AND t.cancelled_at IS NULL AND r.business_id = $1
       AND r.payment_status = 'paid' AND r.status = 'active' AND r.purchased_at >= $3 AND r.purchased_at < $4
     GROUP BY r.identifier ORDER BY r.identifier`,
    [business, reference, OCTOBER.from, OCTOBER.to],
  )

const post = (server: RunningServer, token: string, path: string, body: unknown) =>
  fetch(`${server.baseUrl}/api${path}`, {
    method: "POST",
    headers: { ...json, "x-staff-token": token },
    body: JSON.stringify(body),
  })

const editPath = (o: Option, query = "") =>
  `/pres-live/editReferencePromptOptionQuantity/1/${o.PriceType}/${o.PriceId}/${o.PriceRowId}${query}`

describe.each(bothDatabases("staffreferences"))("ticket-reference administration on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  let chainOrder: { id: number; identifier: string }
  let stageOrder: { id: number; identifier: string }
  let chain: string
  let partner: string
  const list = async (token: string, query = "") =>
    (
      await liveGet<{ rows: ReadonlyArray<Option> }>(
        live(),
        token,
        `/pres-live/monitors/TicketReferencePromptAdmin/data?lang=en${query}`,
      )
    ).body.rows

  beforeAll(async () => {
    if (!isUp()) return
    const server = live()
    chainOrder = await sellWithReference(server, 1, "dan-tlv", "room 12")
    stageOrder = await sellWithReference(server, 2, "HAIFA-PORT", null)
    chain = await staffToken(server, STAFF.chain.username)
    partner = await staffToken(server, STAFF.partner.username)
  })

  it("lists agents and references of one's own businesses only, however the other is asked for", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    const mine = await list(chain)
    // the chain's own references and its mini-site partners' (src/server/db/seed/miniSites.ts): all of business 1
    expect(new Set(mine.map((o) => o.Reference1))).toEqual(
      new Set(["DAN-TLV", "HILTON", "FULLHOTEL", "TP-1001", "TP-1002", "SU-2001"]),
    )
    expect(mine.every((o) => o.BusinessId === 1 && o.PriceType === 1 && o.Left === o.Quantity - o.Used)).toBe(
      true,
    )
    const theirs = await list(partner)
    expect(new Set(theirs.map((o) => o.Reference1))).toEqual(new Set(["HAIFA-PORT"]))
    for (const ask of ASKING_FOR_OTHERS(2)) expect(await list(chain, `&${ask}`)).toEqual(mine)
    for (const ask of ASKING_FOR_OTHERS(1)) expect(await list(partner, `&${ask}`)).toEqual(theirs)
    const agents = await liveGet<{ agents: ReadonlyArray<{ CustomerId: number; BusinessId: number }> }>(
      server,
      chain,
      "/pres-live/getTicketRefAgents?userId=999&businessIds=2",
    )
    expect(agents.body.agents.length).toBe(2)
    expect(agents.body.agents.every((a) => a.BusinessId === 1)).toBe(true)
    // an agent filter keeps to that agent's references
    const agent = agents.body.agents[0]?.CustomerId
    const ofAgent = await list(chain, `&customerId=${agent}`)
    expect(ofAgent.length).toBeGreaterThan(0)
    expect(ofAgent.every((o) => o.CustomerId === agent)).toBe(true)
    // the other business's agent is nobody here
    const [stageAgent] = theirs
    expect(await list(chain, `&customerId=${stageAgent?.CustomerId}`)).toEqual([])
  })

  it("answers ticket sales for last month by purchase, one row per order, equal to the raw rows", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    const answer = await liveGet<{ startDate: string; endDate: string; rows: ReadonlyArray<Sale> }>(
      server,
      chain,
      "/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?lang=en&businessIds=2",
    )
    expect(answer.status).toBe(200)
    expect([answer.body.startDate, answer.body.endDate]).toEqual(["2026-10-01", "2026-10-31"])
    const expected = await rawSales(server, 1, "DAN-TLV")
    expect(expected.map((r) => r.identifier)).toContain(chainOrder.identifier)
    const got = new Map<string, { n: number; amount: number }>()
    for (const row of answer.body.rows) {
      const id = row.ReservationNumber ?? ""
      const before = got.get(id) ?? { n: 0, amount: 0 }
      got.set(id, { n: before.n + row.Quantity, amount: before.amount + row.AmountAgorot })
    }
    expect(got).toEqual(new Map(expected.map((r) => [r.identifier, { n: r.n, amount: r.amount }])))
    expect(answer.body.rows.some((r) => r.ReservationNumber === stageOrder.identifier)).toBe(false)
    // detail level 0: one row per reference and presentation, the same totals
    const summary = await liveGet<{ rows: ReadonlyArray<Sale> }>(
      server,
      chain,
      "/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?detailLevel=0&dateType=2",
    )
    expect(summary.body.rows.every((r) => r.ReservationNumber === null)).toBe(true)
    expect(summary.body.rows.reduce((n, r) => n + r.Quantity, 0)).toBe(expected.reduce((n, r) => n + r.n, 0))
    const theirs = await liveGet<{ rows: ReadonlyArray<Sale> }>(
      server,
      partner,
      "/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?businessIds=1",
    )
    expect(theirs.body.rows.map((r) => r.ReservationNumber)).toEqual([stageOrder.identifier])
    const bad = await liveGet(
      server,
      chain,
      "/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?startDate=2026-13-01",
    )
    expect(bad.status).toBe(400)
  })

  it("opens a reference's detail with its sales, and not another business's", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const dan = (await list(chain)).find((o) => o.Reference1 === "DAN-TLV" && o.PriceId > 0)
    const ticket = await server.query<{ id: number }>(
      `SELECT min(id) AS id FROM tickets WHERE requires_reference`,
    )
    const sold = (await list(chain)).find((o) => o.Reference1 === "DAN-TLV" && o.PriceId === ticket[0]?.id)
    expect(dan).toBeDefined()
    const detail = await liveGet<{ reference: Option; sales: ReadonlyArray<Sale> }>(
      server,
      chain,
      `/pres-live/monitors/TicketReferencePromptAdminDetail/data?priceRowId=${sold?.PriceRowId}`,
    )
    expect(detail.status).toBe(200)
    expect(detail.body.sales.some((s) => s.ReservationNumber === chainOrder.identifier)).toBe(true)
    const foreign = await liveGet<{ error: string }>(
      server,
      partner,
      `/pres-live/monitors/TicketReferencePromptAdminDetail/data?priceRowId=${sold?.PriceRowId}&businessIds=1`,
    )
    expect(foreign.status).toBe(404)
    expect(foreign.body.error).toBe("refPromptOptNotFound")
  })

  it("edits a quantity of one's own reference, refuses bad ones, and cannot touch another business's", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    const hilton = (await list(chain)).find((o) => o.Reference1 === "HILTON") as Option
    const ok = await post(server, chain, editPath(hilton), {
      reference: "hilton",
      reference2: "winter deal",
      quantity: 1500,
    })
    expect(ok.status).toBe(200)
    const edited = (await ok.json()) as Option
    expect([edited.Quantity, edited.Reference2, edited.Left]).toEqual([
      1500,
      "winter deal",
      1500 - hilton.Used,
    ])
    const stored = await server.query<{ quantity: number; updated_by: number | null }>(
      `SELECT quantity, updated_by FROM ticket_reference_options WHERE id = $1`,
      [hilton.PriceRowId],
    )
    expect(stored[0]?.quantity).toBe(1500)
    expect(stored[0]?.updated_by).not.toBeNull()

    const snapshot = () =>
      server.query(`SELECT id, quantity, reference2, updated_at FROM ticket_reference_options ORDER BY id`)
    const before = await snapshot()
    // the Haifa stage's staff, asking for the chain in every way, finds no such reference
    for (const ask of ["", ...ASKING_FOR_OTHERS(1).map((q) => `?${q}`)]) {
      const refused = await post(server, partner, editPath(hilton, ask), { reference: "HILTON", quantity: 1 })
      expect(refused.status).toBe(404)
      expect(((await refused.json()) as { error: string }).error).toBe("refPromptOptNotFound")
    }
    // wrong reference text, wrong ticket, wrong price type, bad quantities, below what is used
    const [port] = await list(partner)
    const cases: ReadonlyArray<readonly [string, unknown, number, string]> = [
      [editPath(hilton), { reference: "DAN-TLV", quantity: 5 }, 404, "refPromptOptNotFound"],
      [
        editPath({ ...hilton, PriceId: hilton.PriceId + 1000 }),
        { reference: "HILTON", quantity: 5 },
        404,
        "refPromptOptNotFound",
      ],
      [editPath({ ...hilton, PriceType: 2 }), { reference: "HILTON", quantity: 5 }, 400, "invalidPriceType"],
      [editPath(hilton), { reference: "HILTON", quantity: -1 }, 400, "invalidQuantity"],
      [editPath(hilton), { reference: "HILTON", quantity: 2.5 }, 400, "invalidQuantity"],
      [editPath(hilton), { reference: "HILTON", quantity: "many" }, 400, "invalidQuantity"],
      [editPath(port as Option), { reference: "HAIFA-PORT", quantity: 5 }, 404, "refPromptOptNotFound"],
    ]
    for (const [path, body, status, error] of cases) {
      const answer = await post(server, chain, path, body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect(((await answer.json()) as { error: string }).error).toBe(error)
    }
    await server.query(`UPDATE ticket_reference_options SET used = 7 WHERE id = $1`, [hilton.PriceRowId])
    const below = await post(server, chain, editPath(hilton), { reference: "HILTON", quantity: 6 })
    expect(below.status).toBe(400)
    expect(((await below.json()) as { error: string }).error).toBe("quantityBelowUsed")
    await server.query(`UPDATE ticket_reference_options SET used = $2 WHERE id = $1`, [
      hilton.PriceRowId,
      hilton.Used,
    ])
    expect(await snapshot()).toEqual(before)
  })

  it("sends an order's tickets by SMS through the outbox, only for orders of one's own businesses", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    const outbox = (mobile: string) =>
      server.query<{ reservation_id: number; template: string }>(
        `SELECT reservation_id::int, payload->>'template' AS template FROM outbox WHERE recipient = $1 ORDER BY id`,
        [mobile],
      )
    const sent = await post(server, chain, "/pres-live/sendTicketsBySms", {
      reservationNumber: chainOrder.identifier,
      mobileNumber: "+972 52-777-1234",
    })
    expect(sent.status).toBe(200)
    expect(await outbox("0527771234")).toEqual([
      { reservation_id: Number(chainOrder.id), template: "sendTickets" },
    ])
    const foreign = await post(server, partner, "/pres-live/sendTicketsBySms?businessIds=1", {
      reservationNumber: chainOrder.identifier,
      mobileNumber: "0527775678",
    })
    expect(foreign.status).toBe(404)
    const badMobile = await post(server, chain, "/pres-live/sendTicketsBySms", {
      reservationNumber: chainOrder.identifier,
      mobileNumber: "12",
    })
    expect(badMobile.status).toBe(400)
    expect(await outbox("0527775678")).toEqual([])
    const nobody = await fetch(`${server.baseUrl}/api/pres-live/sendTicketsBySms`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ reservationNumber: chainOrder.identifier, mobileNumber: "0527771234" }),
    })
    expect(nobody.status).toBe(401)
  })
})
