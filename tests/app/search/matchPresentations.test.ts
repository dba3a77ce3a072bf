import { describe, expect, it } from "vitest"
import { MAX_SHOWINGS, matchPresentations } from "../../../src/app/search/matchPresentations.ts"
import { presentation } from "../whats-on/presentationFixture.ts"

const NOW = Date.parse("2026-11-22T12:00:00+02:00")

describe("the showings a search finds", () => {
  const grandma = presentation({
    featureId: 7,
    featureName: "Grandma on Board",
    dateTime: "2026-11-22T20:00:00+02:00",
  })
  const earlier = presentation({
    featureId: 7,
    featureName: "Grandma on Board",
    dateTime: "2026-11-22T14:00:00+02:00",
  })
  const started = presentation({
    featureId: 7,
    featureName: "Grandma on Board",
    dateTime: "2026-11-22T11:00:00+02:00",
  })
  const haifa = presentation({ featureId: 8, featureName: "Roots", locationName: "Marquee Haifa Carmel" })
  const other = presentation({ featureId: 9, featureName: "Roots", dateTime: "2026-11-23T20:00:00+02:00" })

  it("takes the server's films and the page's own film and cinema names, soonest first, none started", () => {
    const list = [grandma, earlier, started, haifa, other]
    expect(matchPresentations("grnadma", list, new Set(), NOW)).toEqual([earlier, grandma])
    // a title matched in another language by the server
    expect(matchPresentations("бабушка", list, new Set([7]), NOW)).toEqual([earlier, grandma])
    expect(matchPresentations("hiafa", list, new Set(), NOW)).toEqual([haifa])
    expect(matchPresentations("zebra", list, new Set(), NOW)).toEqual([])
  })

  it("lists at most a page of showings", () => {
    const many = Array.from({ length: MAX_SHOWINGS + 5 }, (_, i) =>
      presentation({
        featureName: "Roots",
        dateTime: `2026-11-${String(23 + (i % 5)).padStart(2, "0")}T20:00:00+02:00`,
      }),
    )
    expect(matchPresentations("roots", many, new Set(), NOW)).toHaveLength(MAX_SHOWINGS)
  })
})
