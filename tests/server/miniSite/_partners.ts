import { request as httpRequest } from "node:http"
import type { CommitCart } from "../../../src/domain/cart/commitCart.ts"
import { DEMO_PARTNERS } from "../../../src/server/db/seed/miniSites.ts"
import { signLink } from "../../../src/server/miniSite/integrationLinks.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import type { Stage } from "../payment/_payment.ts"

/** The seeded partners (src/server/db/seed/miniSites.ts). */
export const [TECHPLUS, STUDENTS] = DEMO_PARTNERS
export const TECHPLUS_TICKET = 2101
export const STUDENTS_TICKET = 2201

/** The stage sold at TechPlus's club ticket (the partner's regular price) in place of the chain's ticket. */
export const clubStage = (stage: Stage): Stage => ({
  ...stage,
  ticket: {
    id: TECHPLUS_TICKET,
    groupId: TECHPLUS.ticketGroupId,
    price: 3300,
    serviceCharge: 0,
    pricePolicyId: 1,
  },
})

export interface Answer {
  readonly status: number
  readonly retryAfter: string | undefined
  readonly body: Record<string, unknown>
}

/** A GET from another client address (any 127.x.y.z reaches the test server), for per-client limits. */
export const getFrom = (server: RunningServer, path: string, localAddress = "127.0.0.1") =>
  new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(`${server.baseUrl}${path}`, { localAddress }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8")
        const retry = response.headers["retry-after"]
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: Array.isArray(retry) ? retry[0] : retry,
          body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>),
        })
      })
      response.on("error", reject)
    })
    request.on("error", reject)
    request.end()
  })

export const get = (server: RunningServer, path: string) => getFrom(server, path)

/** A partner's link to `ret`, made `ageSeconds` ago by the server's clock, signed with `secret`. */
export const integrationLink = (server: RunningServer, secret: string, ret: string, ageSeconds = 0) => {
  const ts = String(Math.floor(server.now() / 1000) - ageSeconds)
  const query = new URLSearchParams({ TS: ts, ret, key: signLink(secret, ts, ret) })
  return `/api/integration?${query.toString()}`
}

/** Some showing the partner offers, ahead. */
export const partnerShowing = async (server: RunningServer, partnerId: number) => {
  const rows = await server.query<{ id: number }>(
    `SELECT presentation_id AS id FROM mini_site_presentations WHERE mini_site_id = $1 ORDER BY 1 LIMIT 1`,
    [partnerId],
  )
  const id = rows[0]?.id
  if (id === undefined) throw new Error(`partner ${partnerId} offers nothing`)
  return id
}

/** `POST /api/payment/commit` of `body` for `cart`, with the partner parameters in `extra` (`miniSiteUrl`, ...). */
export const commit = (
  server: RunningServer,
  cart: string,
  body: CommitCart,
  extra: Record<string, unknown>,
) =>
  fetch(`${server.baseUrl}/api/payment/commit`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-cart-token": cart,
      "idempotency-key": crypto.randomUUID(),
    },
    body: JSON.stringify({ cart: body, termsAccepted: true, additionalTerms: ["SUMMER_PROMO"], ...extra }),
  })
