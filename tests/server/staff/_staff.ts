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
