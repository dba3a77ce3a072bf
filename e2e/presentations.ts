import { type APIRequestContext, expect } from "@playwright/test"
import type { Presentation } from "../src/api/PresentationsApi.ts"
import { SMALL_HALL_SEATS } from "../src/app/seatmap/seatMapContract.ts"

const VIP_VENUE_TYPE = 2

/**
 * An on-sale presentation with reserved seats to choose from. Journeys run in parallel (and in two projects),
 * so each takes its own by `slot`: two journeys racing for the same first free seat would refuse each other.
 */
export const presentationFor = async (request: APIRequestContext, slot: number): Promise<Presentation> => {
  const response = await request.get("/api/presentations/")
  expect(response.ok()).toBe(true)
  const { presentations } = (await response.json()) as { presentations: ReadonlyArray<Presentation> }
  const candidates = presentations.filter(
    (p) =>
      p.isOnSale &&
      p.hasReservedSection &&
      p.seatplanId !== null &&
      p.availableSeats !== null &&
      p.availableSeats > 10 &&
      // the journeys pick one seat at a time: a VIP hall's sofas and beds come two at once
      p.venueTypeId !== VIP_VENUE_TYPE,
  )
  expect(candidates.length).toBeGreaterThan(0)
  return candidates[slot % candidates.length] as Presentation
}

/**
 * An on-sale presentation in a hall too large for Canvas 2D (more than `SMALL_HALL_SEATS`: the seeded open-air
 * amphitheatre), whose map is drawn by WebGL.
 */
export const largeHallPresentation = async (request: APIRequestContext): Promise<Presentation> => {
  const response = await request.get("/api/presentations/")
  expect(response.ok()).toBe(true)
  const { presentations } = (await response.json()) as { presentations: ReadonlyArray<Presentation> }
  const large = presentations.find(
    (p) =>
      p.isOnSale && p.hasReservedSection && p.availableSeats !== null && p.availableSeats > SMALL_HALL_SEATS,
  )
  expect(large, "an on-sale presentation in the amphitheatre").toBeDefined()
  return large as Presentation
}
