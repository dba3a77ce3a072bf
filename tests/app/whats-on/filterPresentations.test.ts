import { describe, expect, it } from "vitest"
import {
  featureOptions,
  filterPresentations,
  locationOptionsFromList,
} from "../../../src/app/whats-on/filterPresentations.ts"
import { validateWhatsOnSearch } from "../../../src/app/whats-on/search.ts"
import { presentation } from "./presentationFixture.ts"

const list = [
  presentation({ locationId: 1, locationName: "Tel Aviv", featureId: 7, featureName: "Zebra" }),
  presentation({ locationId: 2, locationName: "Haifa", featureId: 7, featureName: "Zebra" }),
  presentation({ locationId: 2, locationName: "Haifa", featureId: 8, featureName: "Apple" }),
]

describe("filterPresentations", () => {
  it("keeps everything without filters", () => {
    expect(filterPresentations(list, {})).toHaveLength(3)
  })

  it("filters by cinema, by feature and by both", () => {
    expect(filterPresentations(list, { location: 2 })).toHaveLength(2)
    expect(filterPresentations(list, { feature: 7 })).toHaveLength(2)
    expect(filterPresentations(list, { location: 2, feature: 7 })).toEqual([list[1]])
  })
})

describe("options", () => {
  it("lists each feature and cinema once, alphabetically", () => {
    expect(featureOptions(list, "en")).toEqual([
      { id: 8, name: "Apple" },
      { id: 7, name: "Zebra" },
    ])
    expect(locationOptionsFromList(list, "en")).toEqual([
      { id: 2, name: "Haifa" },
      { id: 1, name: "Tel Aviv" },
    ])
  })
})

describe("validateWhatsOnSearch", () => {
  it("keeps positive integer ids and drops anything else", () => {
    expect(validateWhatsOnSearch({ location: "3", feature: 9 })).toEqual({ location: 3, feature: 9 })
    expect(validateWhatsOnSearch({ location: "x", feature: -1 })).toEqual({})
    expect(validateWhatsOnSearch({ location: 1.5 })).toEqual({})
  })
})
