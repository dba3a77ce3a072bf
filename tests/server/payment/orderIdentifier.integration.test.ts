import { describe, expect, it } from "vitest"
import { dammValid, orderIdentifier } from "../../../src/domain/order/orderIdentifier.ts"
import { ORDER_IDENTIFIER_SECRET, orderCodeRound } from "../../../src/server/db/orderIdentifiers.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { committedOrder, paidOrder } from "./_payment.ts"

/**
 * Issue 14, item 7: reservation numbers were "MQ" and the reservations id sequence, so two orders a day apart
 * told the chain's sales between them, and the next number was the last one plus one. Now the nine digits are
 * a keyed permutation of the id and a Damm check digit follows them: consecutive commits get unrelated numbers,
 * and a number with one digit misread or two neighbours swapped is "not found" without a database lookup.
 */
const databases = bothDatabases("orderidentifier")

const digitsOf = (identifier: string) => Number(identifier.slice(2, 11))
/** The identifier with its digit at `at` (2 to 11) moved by `by`. */
const changeDigit = (identifier: string, at: number, by: number) =>
  `${identifier.slice(0, at)}${(Number(identifier[at]) + by) % 10}${identifier.slice(at + 1)}`

describe.each(databases)("reservation numbers on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  const idOf = async (identifier: string) =>
    (
      await live().query<{ id: number }>(`SELECT id::float8 AS id FROM reservations WHERE identifier = $1`, [
        identifier,
      ])
    )[0]?.id
  const confirmation = (identifier: string, key: string) =>
    fetch(`${live().baseUrl}/api/reservations/${identifier}?key=${encodeURIComponent(key)}`)

  it("gives two consecutive commits numbers that are not consecutive, each with a valid check digit", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const first = (await committedOrder(live(), used)).order.reservationIdentifier
    const second = (await committedOrder(live(), used)).order.reservationIdentifier
    for (const identifier of [first, second]) {
      expect(identifier).toMatch(/^MQ[0-9]{10}$/)
      expect(dammValid(identifier.slice(2)), identifier).toBe(true)
    }
    // the rows are consecutive, their numbers are not
    expect((await idOf(second))! - (await idOf(first))!).toBe(1)
    expect(Math.abs(digitsOf(second) - digitsOf(first))).toBeGreaterThan(1)
    expect(first.slice(2, 11)).not.toBe(String(await idOf(first)).padStart(9, "0"))
  })

  it("answers 404 for a number with one digit changed or two neighbours swapped, and 200 for the right one", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const order = await paidOrder(live(), used)
    expect((await confirmation(order.identifier, order.key)).status).toBe(200)
    for (let at = 2; at < 12; at++) {
      const changed = changeDigit(order.identifier, at, 1 + (at % 9))
      const response = await confirmation(changed, order.key)
      expect(response.status, changed).toBe(404)
      expect(await response.json()).toEqual({ _tag: "ReservationNotFound", error: "reservationNotFound" })
    }
    const at = [...order.identifier].findIndex((c, i) => i >= 2 && c !== order.identifier[i + 1])
    const swapped = `${order.identifier.slice(0, at)}${order.identifier[at + 1]}${order.identifier[at]}${order.identifier.slice(at + 2)}`
    expect((await confirmation(swapped, order.key)).status).toBe(404)
  })

  it("refuses a wrong check digit before the database: even a row stored under that text is not found", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const order = await paidOrder(live(), used)
    const mistyped = changeDigit(order.identifier, 11, 5)
    await live().query(`UPDATE reservations SET identifier = $1 WHERE identifier = $2`, [
      mistyped,
      order.identifier,
    ])
    expect((await confirmation(mistyped, order.key)).status).toBe(404)
  })

  it("still finds an order stored under the old format (MQ and the zero-padded id)", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const order = await paidOrder(live(), used)
    const id = (await idOf(order.identifier))!
    const legacy = `MQ${String(id).padStart(9, "0")}`
    await live().query(`UPDATE reservations SET identifier = $1 WHERE id = $2`, [legacy, id])
    const response = await confirmation(legacy, order.key)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ reservationIdentifier: legacy })
  })

  it("gave the seeded orders (written in SQL) the identifiers the commit writes, under the same key", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const [secret] = await live().query<{ value: string }>(
      `SELECT value FROM server_secrets WHERE name = $1`,
      [ORDER_IDENTIFIER_SECRET],
    )
    const rows = await live().query<{ id: number; identifier: string }>(
      `SELECT id::float8 AS id, identifier FROM reservations WHERE identifier ~ '^MQ[0-9]{10}$' ORDER BY id LIMIT 500`,
    )
    expect(rows.length).toBeGreaterThan(100)
    const round = orderCodeRound(secret!.value)
    expect(rows.filter((r) => r.identifier !== orderIdentifier(r.id, round))).toEqual([])
  })
})
