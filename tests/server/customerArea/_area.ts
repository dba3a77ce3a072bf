import { expect } from "vitest"
import { askCode, lastCode, sendsForgotten, validate } from "../../_support/mobileLogin.ts"
import type { RunningServer } from "../../_support/testServer.ts"

/** Shared steps of the customer-area tests: sign in as a seeded customer and call the area with its uuid. */

/** The demo member of the seed (src/server/db/seed/codes.ts) and the second customer the area's seed serves. */
export const DEMO_MOBILE = "0521234567"

export const secondMobile = async (server: RunningServer) =>
  (
    await server.query<{ mobile: string }>(
      `SELECT mobile FROM customers WHERE mobile IS NOT NULL
         AND email IS DISTINCT FROM 'demo.member@marquee.example' ORDER BY id LIMIT 1`,
    )
  )[0]?.mobile as string

/** Signs in by SMS code through the real API; answers the session's uuid. */
export const signIn = async (server: RunningServer, mobile: string): Promise<string> => {
  const asked = await askCode(server, mobile)
  expect(asked.status).toBe(200)
  // the next sign-in of the same number (another test's) need not wait out the resend back-off
  await sendsForgotten(server, mobile)
  const validated = await validate(server, mobile, await lastCode(server, mobile))
  expect(validated.status).toBe(200)
  return ((await validated.json()) as { uuid: string }).uuid
}

export const call = async (
  server: RunningServer,
  uuid: string | null,
  method: string,
  path: string,
  body?: unknown,
) => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(uuid === null ? {} : { uuid }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    body: (text === "" ? null : JSON.parse(text)) as Record<string, unknown> & { error?: string },
  }
}
