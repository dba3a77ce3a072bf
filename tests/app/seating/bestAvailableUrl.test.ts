import { describe, expect, it } from "vitest"
import { bestAvailableUrl } from "../../../src/app/seating/seatsClient.ts"

describe("best available as the browser asks for it", () => {
  it("asks for the spec's defaults: maxMatches 5, resultsPerMatch 1, lock on (spec §9)", () => {
    const url = new URL(bestAvailableUrl(42, 3), "https://cinema.example")
    expect(url.pathname).toBe("/api/seats/best-available")
    expect(Object.fromEntries(url.searchParams)).toEqual({
      presentationId: "42",
      quantity: "3",
      maxMatches: "5",
      resultsPerMatch: "1",
      isLock: "true",
    })
  })

  it("carries the partner the buyer came through, and nothing of one without it", () => {
    const url = new URL(bestAvailableUrl(42, 3, "techplus-club"), "https://cinema.example")
    expect(url.searchParams.get("miniSiteUrl")).toBe("techplus-club")
    expect(new URL(bestAvailableUrl(42, 3), "https://cinema.example").searchParams.has("miniSiteUrl")).toBe(
      false,
    )
  })
})
