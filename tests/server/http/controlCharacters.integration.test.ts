import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { freshStage, oneSeatCommit, postCommit } from "../payment/_payment.ts"

/**
 * Issue 14, item 2: a NUL byte anywhere text reached PostgreSQL made the statement fail and the server answer
 * an empty 500. Now the contract's fields are `WireText` and every address is checked on the way in
 * (src/server/http/refuseControlCharacters.ts): each of the places the issue lists answers 400 with a body, on
 * both databases, and nothing is written.
 */
const databases = bothDatabases("controlchars")
const json = { "content-type": "application/json" }
const NUL = "\u0000"

describe.each(databases)("control characters on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  const refused = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${live().baseUrl}${path}`, init)
    const body = await response.text()
    return { path, status: response.status, hasBody: body.length > 0 }
  }
  const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method: "POST",
    headers: { ...json, ...headers },
    body: JSON.stringify(body),
  })

  it("answers 400 with a body, never an empty 500, wherever a NUL comes in", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    const id = stage.presentationId
    const answers = await Promise.all([
      refused("/api/edocuments/x%00"),
      refused("/api/reservations/MQ000000001%00?key=k"),
      refused("/api/reservations/MQ000000001?key=k%00"),
      refused("/api/reservations/MQ000000001/sendTickets?key=k", post({ mobileNumber: `0501234567${NUL}` })),
      refused(`/api/presentations/${id}/ticketCode?ticketCode=CODE%00`),
      refused(`/api/presentations/${id}/loyaltyMember?memberNumber=1%00`),
      refused(`/api/presentations/${id}?ticketCodes=A%00`),
      refused("/api/payment/voucher?reference=GIFT%00"),
      refused("/api/customer/saved-cards/card%00", { method: "DELETE" }),
      refused("/api/customer/mobile-login", post({ mobileNumber: `050${NUL}1234567` })),
      refused(
        "/api/cart/contact-verification",
        post({ channel: "email", value: `a${NUL}@b.co` }, { "x-cart-token": cart }),
      ),
      refused("/sandbox/card/ref%00"),
      refused("/sandbox/inbox/050%001234567"),
    ])
    for (const answer of answers)
      expect(answer, answer.path).toEqual({ path: answer.path, status: 400, hasBody: true })
  })

  it("refuses a commit whose name, code or reference carries one, and writes no order", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, body, line, buyer } = await oneSeatCommit(live(), used)
    const variants = [
      { ...body, customerInfo: { ...buyer, FirstName: `Da${NUL}na` } },
      { ...body, seats: [{ ...line, ticket: { ...line.ticket, code: `C${NUL}` } }] },
      { ...body, seats: [{ ...line, ticket: { ...line.ticket, ref1: `R${NUL}` } }] },
    ]
    for (const variant of variants) {
      const response = await postCommit(live(), cart, crypto.randomUUID(), variant)
      expect(response.status).toBe(400)
      expect((await response.text()).length).toBeGreaterThan(0)
    }
    expect(await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])).toEqual([])
  })
})
