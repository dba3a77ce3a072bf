import { expect } from "vitest"
import { DEMO_STAFF_PASSWORD } from "../../../src/server/db/seed/people.ts"
import type { RunningServer } from "../../_support/testServer.ts"

/** The seeded staff (src/server/db/seed/people.ts): business 1 is the chain, business 2 the Haifa event stage. */
export const STAFF = {
  admin: { username: "admin", businessIds: [1, 2] },
  chain: { username: "manager.tlv", businessIds: [1] },
  partner: { username: "partner.haifa", businessIds: [2] },
  analyst: { username: "analyst", businessIds: [1, 2] },
} as const

/** A staff member of one business, that business and the other: the pairs every scope test walks. */
export const ONE_BUSINESS = [
  [STAFF.chain, 1, 2],
  [STAFF.partner, 2, 1],
] as const

export const json = { "content-type": "application/json" }

export const login = (server: RunningServer, username: string, password: string) =>
  fetch(`${server.baseUrl}/api/pres-live/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username, password }),
  })

/** A live staff token, signed in the way the app does. */
export const staffToken = async (server: RunningServer, username: string): Promise<string> => {
  const response = await login(server, username, DEMO_STAFF_PASSWORD)
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

/** GET a live call as the given token; answers status and parsed body. */
export const liveGet = async <A = unknown>(
  server: RunningServer,
  token: string | undefined,
  path: string,
): Promise<{ readonly status: number; readonly body: A; readonly cacheControl: string | null }> => {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    headers: token === undefined ? {} : { "x-staff-token": token },
  })
  const text = await response.text()
  return {
    status: response.status,
    body: (text === "" ? null : JSON.parse(text)) as A,
    cacheControl: response.headers.get("cache-control"),
  }
}

/** How a live answer travels to a browser that accepts compression: its `Content-Encoding` and JSON size. */
export const liveEncoding = async (server: RunningServer, token: string, path: string) => {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    headers: { "x-staff-token": token, "accept-encoding": "br, gzip" },
  })
  return {
    status: response.status,
    contentEncoding: response.headers.get("content-encoding"),
    bytes: (await response.arrayBuffer()).byteLength,
  }
}

export interface PagedRow {
  readonly Key: string
  readonly Date: string | null
  readonly LocationId: number | null
  readonly LocationName: string | null
  readonly Id: number | null
  readonly Name: string
  readonly Quantity: number
  readonly AmountAgorot: number
}
export interface PagedReport {
  readonly rows: ReadonlyArray<PagedRow>
  readonly totals: { readonly Rows: number; readonly Quantity: number; readonly AmountAgorot: number }
  readonly page: number
  readonly pages: number
  readonly rowsPerPage: number
}

/**
 * Every row of a report, page after page (`rowsPerPage` a page, 100 unless told): each answer is the page asked
 * for, of the same number of pages, and together they are as many rows as the totals say.
 */
export const allPages = async (server: RunningServer, token: string, path: string, rowsPerPage = 100) => {
  const at = (page: number) =>
    `${path}${path.includes("?") ? "&" : "?"}rowsPerPage=${rowsPerPage}&page=${page}`
  const rows: Array<PagedRow> = []
  const first = await liveGet<PagedReport>(server, token, at(1))
  expect([first.status, first.body.page, first.cacheControl], path).toEqual([200, 1, "no-store"])
  rows.push(...first.body.rows)
  // the later pages asked for together: each is its own round trip, and on a loaded machine one after another
  // they made a sort check outlast the test's minute
  const later = Array.from({ length: Math.max(0, first.body.pages - 1) }, (_, i) => i + 2)
  const answers = await Promise.all(later.map((page) => liveGet<PagedReport>(server, token, at(page))))
  for (const [i, next] of answers.entries()) {
    expect([next.status, next.body.page, next.body.pages], path).toEqual([200, later[i], first.body.pages])
    expect(next.body.totals).toEqual(first.body.totals)
    rows.push(...next.body.rows)
  }
  expect(rows.length, path).toBe(first.body.totals.Rows)
  return { rows, totals: first.body.totals, pages: first.body.pages }
}
