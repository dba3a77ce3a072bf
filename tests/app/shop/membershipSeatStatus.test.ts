import { afterEach, describe, expect, it, vi } from "vitest"
import { ApiError } from "../../../src/app/lib/api.ts"
import { createQueryClient, QUERY_RETRIES } from "../../../src/app/lib/queryClient.ts"
import {
  membershipSeatStatusQueryOptions,
  SeatCinemaOffline,
} from "../../../src/app/shop/memberships/queries.ts"

/**
 * Issue 19: the membership's seat step reads the season seats; when their cinema is offline for sales the server
 * answers locationOffline with the cinema's name, which the step shows as the offline-venue view at once (no
 * retry, no spinner), in the buyer's language.
 */
const ask = async (answer: Response) => {
  const asked: Array<string> = []
  vi.stubGlobal("fetch", async (input: string) => {
    asked.push(input)
    return answer
  })
  const options = membershipSeatStatusQueryOptions(1001, "cart-1", "en")
  const queryFn = options.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>
  const outcome = await queryFn({ signal: new AbortController().signal }).catch((error: unknown) => error)
  return { outcome, asked, retry: options.retry as (failures: number, error: Error) => boolean }
}

afterEach(() => vi.unstubAllGlobals())

describe("the membership's season seats, their cinema offline", () => {
  it("is the offline-venue view's error, with the cinema named, asked in the page's language and not retried", async () => {
    const { outcome, asked, retry } = await ask(
      Response.json({ error: "locationOffline", locationName: "Marquee Haifa Carmel" }, { status: 409 }),
    )
    expect(outcome).toBeInstanceOf(SeatCinemaOffline)
    expect((outcome as SeatCinemaOffline).locationName).toBe("Marquee Haifa Carmel")
    expect(new URL(asked[0] as string, "https://cinema.example").searchParams.get("lang")).toBe("en")
    expect(retry(0, outcome as Error)).toBe(false)
  })

  it("another refusal the server meant (a 4xx naming its code) is not asked again either", async () => {
    const { outcome, retry } = await ask(Response.json({ error: "noMembershipsForSale" }, { status: 404 }))
    expect(outcome).toBeInstanceOf(ApiError)
    expect((outcome as ApiError).code).toBe("noMembershipsForSale")
    expect(retry(0, outcome as Error)).toBe(false)
  })

  it("a failure that is no refusal follows the app's default: asked once more, as every query is", async () => {
    const fault = await ask(new Response("", { status: 503 }))
    expect(fault.outcome).toBeInstanceOf(ApiError)
    const lost = new TypeError("Failed to fetch")
    for (const error of [fault.outcome as Error, lost]) {
      for (let failures = 0; failures < 3; failures++)
        expect(fault.retry(failures, error)).toBe(failures < QUERY_RETRIES)
    }
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(QUERY_RETRIES)
  })
})
