import { randomBytes } from "node:crypto"
import { describe, expect, it } from "vitest"
import { sessionHash } from "../../../src/server/customer/CustomerAuth.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { commitCart, freshStage, holdSeats } from "../payment/_payment.ts"

/**
 * Who is asking (src/api/sessions.ts), through real HTTP on both databases: for every call family, a missing,
 * an unknown and an expired credential get one and the same answer.
 */
const databases = bothDatabases("sessions")
const json = { "content-type": "application/json" }

type StatusBody = {
  readonly seats: ReadonlyArray<{ readonly XCoordinate: number; readonly isSelected: boolean }>
  readonly holdExpiresAt: string | null
}
/** the seats a status answer shows as the asking cart's own */
const mineOf = (body: StatusBody) =>
  body.seats.filter((seat) => seat.isSelected).map((seat) => seat.XCoordinate)

type Credential = "missing" | "unknown" | "expired"
const CREDENTIALS: ReadonlyArray<Credential> = ["missing", "unknown", "expired"]

describe.each(databases)("who is asking on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  /** a cart token of the kind asked for; an expired one is a real cart whose day has passed */
  const cartHeader = async (server: RunningServer, kind: Credential): Promise<Record<string, string>> => {
    if (kind === "missing") return {}
    if (kind === "unknown") return { "x-cart-token": randomBytes(24).toString("base64url") }
    const token = await newCart(server.baseUrl)
    await server.query(`UPDATE carts SET expires_at = marquee_now() - interval '1 second' WHERE token = $1`, [
      token,
    ])
    return { "x-cart-token": token }
  }

  /** a customer session made the way a login makes one (only its hash is stored), live or of the kind asked for */
  const uuidHeader = async (
    server: RunningServer,
    kind: Credential | "revoked" | "live",
  ): Promise<{ headers: Record<string, string>; customerId: number }> => {
    const customerId = (await server.query<{ id: number }>(`SELECT id FROM customers ORDER BY id LIMIT 1`))[0]
      ?.id as number
    if (kind === "missing") return { headers: {}, customerId }
    const uuid = randomBytes(32).toString("base64url")
    if (kind !== "unknown")
      await server.query(
        `INSERT INTO customer_sessions (token_hash, customer_id, expires_at, revoked_at)
         VALUES ($1, $2, marquee_now() + CASE WHEN $3 = 'expired' THEN interval '-1 minute' ELSE interval '1 day' END,
           CASE WHEN $3 = 'revoked' THEN marquee_now() END)`,
        [sessionHash(uuid), customerId, kind],
      )
    return { headers: { uuid }, customerId }
  }

  const call = (
    server: RunningServer,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ) =>
    fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: body === undefined ? headers : { ...json, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  const answer = async (response: Response) => ({
    status: response.status,
    error: ((await response.json().catch(() => null)) as { error?: string } | null)?.error,
  })

  it("calls that act for a cart answer 400 RECAPTCHA_REQUIRED to a missing, unknown or expired cart token", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const stage = await freshStage(server, used)
    const seat = {
      PresentationId: stage.presentationId,
      VenueSectionId: stage.sectionId,
      XCoordinate: stage.seatIndexes[0] as number,
      YCoordinate: stage.rowIndex,
    }
    const allocations = () =>
      server.query(`SELECT 1 FROM seat_allocations WHERE presentation_id = $1`, [stage.presentationId])
    const before = (await allocations()).length
    const calls: ReadonlyArray<readonly [string, string, unknown]> = [
      ["PUT", "/seats/lock-seat", { seat }],
      ["PUT", "/seats/unlock-seat", { seat }],
      ["GET", `/seats/best-available?presentationId=${stage.presentationId}&quantity=1`, undefined],
      ["POST", "/cart", { cart: { presentations: [] } }],
      ["PUT", "/cart/holds", { step: "chooseTickets" }],
    ]
    for (const kind of CREDENTIALS)
      for (const [method, path, body] of calls)
        expect({
          kind,
          path,
          ...(await answer(await call(server, method, path, await cartHeader(server, kind), body))),
        }).toEqual({ kind, path, status: 400, error: "RECAPTCHA_REQUIRED" })
    for (const kind of CREDENTIALS) {
      const commit = await call(
        server,
        "POST",
        "/payment/commit",
        { ...(await cartHeader(server, kind)), "idempotency-key": crypto.randomUUID() },
        { cart: commitCart(stage, [0]), termsAccepted: true, additionalTerms: ["SUMMER_PROMO"] },
      )
      expect({ kind, ...(await answer(commit)) }).toEqual({ kind, status: 400, error: "RECAPTCHA_REQUIRED" })
    }
    // nothing was held on the way
    expect(await allocations()).toHaveLength(before)
    // best available without holding (`isLock=false`) is a search, which needs no cart
    const search = await call(
      server,
      "GET",
      `/seats/best-available?presentationId=${stage.presentationId}&quantity=1&isLock=false`,
      await cartHeader(server, "missing"),
    )
    expect(search.status).toBe(200)
  }, 120_000)

  it("calls a cart only adds to treat a missing, unknown or expired token as no cart", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const stage = await freshStage(server, used)
    const owner = await newCart(server.baseUrl)
    await holdSeats(server, owner, stage, [0])
    for (const kind of CREDENTIALS) {
      const headers = await cartHeader(server, kind)
      // seat statuses: the held seat is someone else's, none is "mine"
      const statuses = await call(
        server,
        "GET",
        `/seats/seats-statusV2?presentationId=${stage.presentationId}`,
        headers,
      )
      expect(statuses.status).toBe(200)
      const body = (await statuses.json()) as StatusBody
      expect({ kind, mine: mineOf(body), holdExpiresAt: body.holdExpiresAt }).toEqual({
        kind,
        mine: [],
        holdExpiresAt: null,
      })
      // the voucher lookup: no cart stands for the human check, so one is asked for
      expect({
        kind,
        ...(await answer(await call(server, "GET", "/payment/voucher?reference=123456", headers))),
      }).toEqual({
        kind,
        status: 400,
        error: "RECAPTCHA_REQUIRED",
      })
      // an order's payment: an order is its committing cart's alone, no cart sees none
      const form = await call(server, "GET", "/payment/form/en?reservationIdentifier=ABC123", headers)
      expect({ kind, ...(await answer(form)) }).toEqual({ kind, status: 404, error: "reservationNotFound" })
      const complete = await call(server, "POST", "/payment/complete", headers, {
        reservationIdentifier: "ABC123",
        paymentId: "p1",
      })
      expect({ kind, ...(await answer(complete)) }).toEqual({
        kind,
        status: 404,
        error: "reservationNotFound",
      })
    }
    // the owner's own live token still sees its seat as its own
    const mine = await call(server, "GET", `/seats/seats-statusV2?presentationId=${stage.presentationId}`, {
      "x-cart-token": owner,
    })
    expect(mineOf((await mine.json()) as StatusBody)).toEqual([stage.seatIndexes[0]])
  }, 120_000)

  it("a cart in use does not lapse: each call moves its day forward", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const token = await newCart(server.baseUrl)
    await server.query(`UPDATE carts SET expires_at = marquee_now() + interval '1 minute' WHERE token = $1`, [
      token,
    ])
    const synced = await call(
      server,
      "POST",
      "/cart",
      { "x-cart-token": token },
      { cart: { presentations: [] } },
    )
    expect(synced.status).toBe(200)
    const [row] = await server.query<{ hours: number }>(
      `SELECT extract(epoch FROM expires_at - marquee_now()) / 3600 AS hours FROM carts WHERE token = $1`,
      [token],
    )
    expect(Number(row?.hours)).toBeGreaterThan(23.9)
  })

  it("customer calls answer 401 LOGIN_FAILED to a missing, unknown, expired or revoked uuid", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    for (const kind of [...CREDENTIALS, "revoked"] as const) {
      const { headers } = await uuidHeader(server, kind)
      expect({
        kind,
        ...(await answer(await call(server, "GET", "/customer/saved-cards", headers))),
      }).toEqual({
        kind,
        status: 401,
        error: "LOGIN_FAILED",
      })
      expect({
        kind,
        ...(await answer(await call(server, "DELETE", "/customer/saved-cards/x1", headers))),
      }).toEqual({
        kind,
        status: 401,
        error: "LOGIN_FAILED",
      })
    }
    const { headers } = await uuidHeader(server, "live")
    expect((await call(server, "GET", "/customer/saved-cards", headers)).status).toBe(200)
  })

  it("the commit takes a missing, unknown or expired uuid as an anonymous buyer, a live one as the customer", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const ownerOf = async (kind: Credential | "live") => {
      const stage = await freshStage(server, used)
      const cart = await newCart(server.baseUrl)
      await holdSeats(server, cart, stage, [0])
      const customer = await uuidHeader(server, kind)
      const response = await call(
        server,
        "POST",
        "/payment/commit",
        { "x-cart-token": cart, "idempotency-key": crypto.randomUUID(), ...customer.headers },
        { cart: commitCart(stage, [0]), termsAccepted: true, additionalTerms: ["SUMMER_PROMO"] },
      )
      expect(response.status).toBe(200)
      const { reservationIdentifier } = (await response.json()) as { reservationIdentifier: string }
      const [row] = await server.query<{ customerId: number | null }>(
        `SELECT customer_id AS "customerId" FROM reservations WHERE identifier = $1`,
        [reservationIdentifier],
      )
      return { customerId: row?.customerId ?? null, expected: customer.customerId }
    }
    for (const kind of CREDENTIALS)
      expect({ kind, owner: (await ownerOf(kind)).customerId }).toEqual({ kind, owner: null })
    const logged = await ownerOf("live")
    expect(logged.customerId).toBe(logged.expected)
  }, 120_000)
})
