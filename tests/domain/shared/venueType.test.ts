import { describe, expect, it } from "vitest"
import { isVodVenueType, VOD_VENUE_TYPES } from "../../../src/domain/shared/venueType.ts"

describe("isVodVenueType", () => {
  it("is true exactly for venue types 101 to 104", () => {
    for (const type of VOD_VENUE_TYPES) expect(isVodVenueType(type)).toBe(true)
    for (const type of [0, 1, 5, 100, 105, 1101]) expect(isVodVenueType(type)).toBe(false)
  })
})
