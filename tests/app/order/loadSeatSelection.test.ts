import { afterEach, describe, expect, it, vi } from "vitest"
import type { PresentationDetail } from "../../../src/api/PresentationEntities.ts"
import { ApiError } from "../../../src/app/lib/api.ts"
import { createQueryClient } from "../../../src/app/lib/queryClient.ts"
import { ensurePresentation } from "../../../src/app/order/loadSeatSelection.ts"
import { isLocationOffline, presentationDetailQueryOptions } from "../../../src/app/order/queries.ts"

/**
 * Issue 19: a seat step opened from the copy of the showing kept on the device, after its cinema went offline for
 * sales, shows the offline-venue view: the server's refusal wins over the copy. No answer at all (no signal)
 * still opens the step from the copy (issue 17).
 */
const TIMNA_SHOWING = 90001
const copy = { presentation: { id: TIMNA_SHOWING, featureName: "saved" } } as unknown as PresentationDetail
const live = { presentation: { id: TIMNA_SHOWING, featureName: "live" } }

const withCopy = (ageMs: number) => {
  const queryClient = createQueryClient()
  const { queryKey } = presentationDetailQueryOptions(TIMNA_SHOWING, "en")
  queryClient.setQueryData(queryKey, copy, { updatedAt: Date.now() - ageMs })
  return queryClient
}

const answering = (answer: () => Promise<Response>) => {
  const asked: Array<string> = []
  vi.stubGlobal("fetch", async (input: string) => {
    asked.push(input)
    return answer()
  })
  return asked
}

afterEach(() => vi.unstubAllGlobals())

describe("the order's presentation when the device kept a copy", () => {
  it("a cinema offline for sales: the refusal, not the saved copy, asked once", async () => {
    const asked = answering(async () =>
      Response.json({ error: "locationOffline", locationName: "Marquee Timna" }, { status: 409 }),
    )
    const error = await ensurePresentation(withCopy(10 * 60_000), TIMNA_SHOWING, "en").catch(
      (e: unknown) => e,
    )
    expect(isLocationOffline(error)).toBe(true)
    expect(asked).toHaveLength(1)
  })

  it("no answer (no signal) or a server fault: the saved copy, so the step opens", async () => {
    for (const answer of [
      () => Promise.reject(new TypeError("Failed to fetch")),
      async () => new Response("", { status: 503 }),
    ]) {
      const asked = answering(answer)
      expect(await ensurePresentation(withCopy(10 * 60_000), TIMNA_SHOWING, "en")).toBe(copy)
      expect(asked).toHaveLength(1)
    }
  })

  it("a stale copy gives way to the live answer; a fresh one is not asked for again", async () => {
    answering(async () => Response.json(live))
    expect(await ensurePresentation(withCopy(10 * 60_000), TIMNA_SHOWING, "en")).toEqual(live)
    const asked = answering(async () => Response.json(live))
    expect(await ensurePresentation(withCopy(1_000), TIMNA_SHOWING, "en")).toBe(copy)
    expect(asked).toHaveLength(0)
  })

  it("only the server's locationOffline is that refusal", () => {
    expect(isLocationOffline(new ApiError(409, "/api/presentations/1", "locationOffline"))).toBe(true)
    expect(isLocationOffline(new ApiError(409, "/api/presentations/1", "somethingElse"))).toBe(false)
    expect(isLocationOffline(new ApiError(503, "/api/presentations/1"))).toBe(false)
    expect(isLocationOffline(new TypeError("Failed to fetch"))).toBe(false)
  })
})
