import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { ApiError } from "../../../src/app/lib/api.ts"
import { QUERY_RETRIES } from "../../../src/app/lib/queryClient.ts"
import { rememberPartner } from "../../../src/app/lib/referral.ts"
import { seatStatusesQueryOptions } from "../../../src/app/order/queries.ts"

/**
 * Issue 19: a partner's buyer asks for the seat statuses through the partner (spec §7 `seats-statusV2 ?miniSiteUrl`),
 * in both forms the seat step uses (the loader's statusV2, the screen's bitmap), so the server answers only a
 * showing the partner offers; anyone else's (or the partner's other showings') ask carries no partner.
 */
const asked: Array<URL> = []

const statusesAsked = async (presentationId: number, withHall: boolean) => {
  const options = seatStatusesQueryOptions(presentationId, "cart-1", withHall ? [] : undefined)
  const queryFn = options.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>
  await queryFn({ signal: new AbortController().signal }).catch(() => undefined)
  const url = asked.at(-1)
  if (url === undefined) throw new Error("nothing asked")
  return url
}

beforeEach(() => {
  asked.length = 0
  const store = new Map<string, string>()
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
  })
  vi.stubGlobal("fetch", async (input: string) => {
    asked.push(new URL(input, "https://cinema.example"))
    return new Response(new Uint8Array(0), { status: 500 })
  })
})

afterEach(() => vi.unstubAllGlobals())

describe("the seat statuses as the browser asks for them", () => {
  it("carry the partner for a showing it offers, in the loader's form and the screen's bitmap", async () => {
    rememberPartner({ url: "techplus-club", id: 1, presentationIds: [42] })
    for (const withHall of [false, true]) {
      const url = await statusesAsked(42, withHall)
      expect(url.pathname).toBe(withHall ? "/api/seats/seats-status-bitmap" : "/api/seats/seats-statusV2")
      expect(Object.fromEntries(url.searchParams)).toEqual({
        presentationId: "42",
        miniSiteUrl: "techplus-club",
      })
    }
  })

  it("carry no partner for a showing the partner does not offer, nor without one", async () => {
    for (const withHall of [false, true]) {
      expect((await statusesAsked(7, withHall)).searchParams.has("miniSiteUrl")).toBe(false)
    }
    rememberPartner({ url: "techplus-club", id: 1, presentationIds: [42] })
    for (const withHall of [false, true]) {
      expect(Object.fromEntries((await statusesAsked(7, withHall)).searchParams)).toEqual({
        presentationId: "7",
      })
    }
  })
})

describe("the seat queries' retry rule (the membership's season seats follow the same)", () => {
  const failure = async (answer: Response, withHall: boolean) => {
    vi.stubGlobal("fetch", async () => answer.clone())
    const options = seatStatusesQueryOptions(42, "cart-1", withHall ? [] : undefined)
    const queryFn = options.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>
    const error = await queryFn({ signal: new AbortController().signal }).then(
      () => undefined,
      (e: unknown) => e,
    )
    const retry = options.retry as (failures: number, error: unknown) => boolean
    return { error, retry }
  }

  it("asks no more after a refusal the server meant, in either form", async () => {
    for (const withHall of [false, true]) {
      const { error, retry } = await failure(
        Response.json({ error: "noEventFound" }, { status: 404 }),
        withHall,
      )
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).code).toBe("noEventFound")
      expect(retry(0, error)).toBe(false)
    }
  })

  it("follows the app's default after a server fault or a lost answer", async () => {
    const { error, retry } = await failure(new Response("", { status: 502 }), true)
    for (const failed of [error, new TypeError("Failed to fetch")])
      for (let failures = 0; failures < 3; failures++)
        expect(retry(failures, failed)).toBe(failures < QUERY_RETRIES)
  })
})
