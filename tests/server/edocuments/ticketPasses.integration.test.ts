import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { TicketKeys, TicketRevocations } from "../../../src/api/EDocumentsApi.ts"
import type { Confirmation } from "../../../src/api/ReservationsApi.ts"
import { checkPass } from "../../../src/cli/passChecks.ts"
import { readPass } from "../../../src/domain/edocument/ticketPass.ts"
import { TicketSigningKeys } from "../../../src/server/edocuments/TicketSigningKeys.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { call, DEMO_MOBILE, signIn } from "../customerArea/_area.ts"
import { committedOrder, openForm, orderState, payByCard } from "../payment/_payment.ts"

/**
 * Issue 17, passes a door checks offline: every ticket of a paid order's e-document carries a pass signed by the
 * key `GET /api/edocuments/keys` publishes; a ticket cancelled in the customer area loses its pass and its old one
 * is refused through `GET /api/edocuments/revocations`; after a key rotation new passes name the new key and the
 * old ones still verify, because the retired key stays published.
 */
const databases = bothDatabases("ticketpasses")

const getJson = async <A>(server: RunningServer, path: string): Promise<A> => {
  const response = await fetch(`${server.baseUrl}${path}`)
  expect(response.status, path).toBe(200)
  return (await response.json()) as A
}

describe.each(databases)("ticket passes on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  /** Two seats paid with the sandbox card, bought by the demo customer (so the customer area may cancel them). */
  const myPaidOrder = async () => {
    const { cart, order } = await committedOrder(live(), used, 2)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect((await payByCard(live(), form)).status).toBe(303)
    await live().query(
      `UPDATE reservations SET customer_id = (SELECT id FROM customers WHERE mobile = $2) WHERE identifier = $1`,
      [order.reservationIdentifier, DEMO_MOBILE],
    )
    const key = (await orderState(live(), order.reservationIdentifier))?.documentKey as string
    return { identifier: order.reservationIdentifier, key }
  }
  const edocument = (key: string) => getJson<Confirmation>(live(), `/api/edocuments/${key}`)
  const keys = () => getJson<TicketKeys>(live(), "/api/edocuments/keys")
  const revocations = () => getJson<TicketRevocations>(live(), "/api/edocuments/revocations")
  /** the door's clock at the show's start, when every genuine pass of it is in its window */
  const atShow = (doc: Confirmation) => Math.floor(Date.parse(doc.presentation?.dateTime ?? "") / 1000)

  it("signs each ticket, verifies against the published key, and refuses a cancelled ticket's pass", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const published = await keys()
    expect(published.keys).toHaveLength(1)
    expect(published.keys[0]).toMatchObject({
      kty: "OKP",
      crv: "Ed25519",
      status: "active",
      publishedUntil: null,
    })

    const order = await myPaidOrder()
    const doc = await edocument(order.key)
    const passes = doc.tickets.map((t) => t.pass as string)
    expect(passes).toHaveLength(2)
    // the same ticket gets the same pass on every lookup: a phone's saved copy is the server's
    expect((await edocument(order.key)).tickets.map((t) => t.pass)).toEqual(passes)
    for (const [i, pass] of passes.entries()) {
      const verdict = checkPass(pass, published, await revocations(), atShow(doc))
      expect(verdict).toMatchObject({
        verdict: "valid",
        claims: {
          kid: published.keys[0]?.kid,
          reservation: order.identifier,
          ticket: doc.tickets[i]?.ticketIdentifier,
          presentation: doc.presentation?.id,
          row: doc.tickets[i]?.RowName,
          seat: doc.tickets[i]?.SeatName,
        },
      })
    }
    // the confirmation call carries the same passes
    const confirmation = await getJson<Confirmation>(
      live(),
      `/api/reservations/${order.identifier}?key=${order.key}`,
    )
    expect(confirmation.tickets.map((t) => t.pass)).toEqual(passes)

    const [first, second] = doc.tickets.map((t) => t.ticketIdentifier) as [string, string]
    expect((await revocations()).revoked).not.toContain(first)
    const uuid = await signIn(live(), DEMO_MOBILE)
    const cancelled = await call(live(), uuid, "POST", `/api/reservations/${order.identifier}/cancel`, {
      itemsToCancel: [first],
      refundToTransactionCredit: false,
    })
    expect(cancelled.status).toBe(200)

    const list = await revocations()
    expect(list.revoked).toContain(first)
    expect(list.revoked).not.toContain(second)
    expect(checkPass(passes[0] as string, published, list, atShow(doc))).toMatchObject({ verdict: "revoked" })
    expect(checkPass(passes[1] as string, published, list, atShow(doc))).toMatchObject({ verdict: "valid" })
    // the e-document no longer hands out a pass for the cancelled ticket
    const after = await edocument(order.key)
    expect(after.tickets.map((t) => [t.state, t.pass === undefined])).toEqual([
      ["cancelled", true],
      ["active", false],
    ])
  })

  it("keeps old passes valid after a rotation while new ones name the new key", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const order = await myPaidOrder()
    const before = await edocument(order.key)
    const oldPass = before.tickets[0]?.pass as string
    const oldKid = (await keys()).keys.find((k) => k.status === "active")?.kid

    const rotated = await live().run(
      Effect.gen(function* () {
        return yield* (yield* TicketSigningKeys).rotate
      }).pipe(Effect.provide(TicketSigningKeys.layer)),
    )
    expect(rotated.kid).not.toBe(oldKid)

    const published = await keys()
    expect(published.keys.map((k) => [k.kid, k.status])).toEqual(
      expect.arrayContaining([
        [rotated.kid, "active"],
        [oldKid, "retired"],
      ]),
    )
    const retired = published.keys.find((k) => k.kid === oldKid)
    // published until a day after the last show on sale starts: past this show's end
    expect(Date.parse(retired?.publishedUntil as string)).toBeGreaterThan(
      Date.parse(before.presentation?.dateTime ?? ""),
    )

    const after = await edocument(order.key)
    const newPass = after.tickets[0]?.pass as string
    const read = readPass(newPass)
    expect(read._tag === "Success" ? read.success.claims.kid : null).toBe(rotated.kid)
    const list = await revocations()
    expect(checkPass(newPass, published, list, atShow(after))).toMatchObject({ verdict: "valid" })
    expect(checkPass(oldPass, published, list, atShow(before))).toMatchObject({ verdict: "valid" })
    // a scanner that only has the new key cannot vouch for the old pass: it says so instead of "tampered"
    const onlyNew = { keys: published.keys.filter((k) => k.kid === rotated.kid) }
    expect(checkPass(oldPass, onlyNew, list, atShow(before))).toEqual({ verdict: "unknownKey", kid: oldKid })
  })
})
