import { request as httpRequest } from "node:http"
import { describe, expect, it } from "vitest"
import { MISSED_LOOKUPS_PER_CLIENT } from "../../../src/server/payment/http.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"

/**
 * Issue 17: an unknown e-document key and a malformed one answer exactly alike (status and body), and a client
 * whose lookups keep finding nothing is stopped: past MISSED_LOOKUPS_PER_CLIENT misses in 10 minutes every
 * lookup is refused (429), also one that would find an order; another client is not. Requests leave from
 * 127.0.0.4 and 127.0.0.5 so the limit is theirs alone.
 */
const databases = bothDatabases("documentlookups")

const get = (server: RunningServer, path: string, localAddress: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(server.baseUrl)
    const request = httpRequest({ host: hostname, port, path, localAddress }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      )
    })
    request.on("error", reject)
    request.end()
  })

describe.each(databases)("e-document lookups on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("answers unknown and malformed keys alike, and stops a client that keeps missing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const guesser = "127.0.0.4"
    const unknown = await get(live(), "/api/edocuments/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", guesser)
    expect(unknown.status).toBe(404)
    for (const key of ["x", "..%2F..%2Fetc", "A".repeat(300), "%F0%9F%8E%AC", "MQ1234567890"]) {
      const answer = await get(live(), `/api/edocuments/${key}`, guesser)
      expect(answer, key).toEqual(unknown)
    }
    // five lookups missed (the 300-character key never reaches one: the router answers it, alike)
    const misses = 5
    for (let i = misses; i < MISSED_LOOKUPS_PER_CLIENT; i++)
      expect((await get(live(), `/api/edocuments/guess${i}`, guesser)).status).toBe(404)
    const refused = await get(live(), "/api/edocuments/guess-next", guesser)
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.body)).toMatchObject({ error: "documentLookupLimited" })
    // a real order's key is refused too while the window lasts: a guesser cannot tell a hit from a miss
    // (an order of the seeded history, made paid with e-documents as a commit and its payment leave one)
    const orders = await live().query<{ key: string; identifier: string }>(
      `UPDATE reservations r SET document_key = 'k' || md5(r.id::text), payment_status = 'paid',
         presentation_id = (SELECT st.presentation_id FROM sold_tickets st WHERE st.reservation_id = r.id LIMIT 1)
       WHERE r.id = (SELECT st.reservation_id FROM sold_tickets st JOIN reservations x ON x.id = st.reservation_id
         WHERE x.status = 'active' ORDER BY st.reservation_id DESC LIMIT 1)
       RETURNING r.document_key AS key, r.identifier`,
    )
    const order = orders[0]
    if (order === undefined) throw new Error("no seeded order with a document key")
    expect((await get(live(), `/api/edocuments/${order.key}`, guesser)).status).toBe(429)
    expect(
      (await get(live(), `/api/reservations/${order.identifier}?key=${order.key}`, guesser)).status,
    ).toBe(429)
    // another client finds it, and a found order counts no miss
    for (let i = 0; i < MISSED_LOOKUPS_PER_CLIENT + 5; i++)
      expect((await get(live(), `/api/edocuments/${order.key}`, "127.0.0.5")).status).toBe(200)
  })
})
