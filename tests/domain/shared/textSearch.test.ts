import { describe, expect, it } from "vitest"
import {
  editDistance,
  normalizeForSearch,
  searchItems,
  searchScore,
} from "../../../src/domain/shared/textSearch.ts"

const grandma = ["סבתא בטיסה", "Grandma on Board", "Бабушка на борту"]
const tides = ["האור שבין הגלים", "The Light Between Tides", "Свет между приливами"]

describe("search normalisation", () => {
  it("drops case, accents, Hebrew points and apostrophes and folds final letters and ё", () => {
    expect(normalizeForSearch("Crème  BRÛLÉE!")).toBe("creme brulee")
    expect(normalizeForSearch("שָׁלוֹם")).toBe("שלומ")
    expect(normalizeForSearch("Be'er Sheva")).toBe("beer sheva")
    expect(normalizeForSearch("Ёлка")).toBe("елка")
  })
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("grnadma", "grandma")).toBe(1)
    expect(editDistance("kitten", "sitting")).toBe(3)
    expect(editDistance("", "abc")).toBe(3)
  })
})

describe("typo-tolerant matching", () => {
  it("finds a title by the start of a word in any of its languages", () => {
    expect(searchScore("grand", grandma)).toBeDefined()
    expect(searchScore("סבתא", grandma)).toBe(0)
    expect(searchScore("бабушка", grandma)).toBe(0)
    expect(searchScore("light tides", tides)).toBeDefined()
  })
  it("forgives one typo in a short word and two in a long one, in each script", () => {
    expect(searchScore("grandmaa", grandma)).toBeDefined()
    expect(searchScore("grnadma", grandma)).toBeDefined()
    expect(searchScore("סבטא", grandma)).toBeDefined()
    expect(searchScore("бабущка", grandma)).toBeDefined()
    expect(searchScore("прилеваим", tides)).toBeDefined()
  })
  it("does not stretch further: short words exact, unrelated words, one letter", () => {
    expect(searchScore("bpard", ["Board"])).toBeDefined()
    expect(searchScore("brd", ["Board"])).toBeUndefined()
    expect(searchScore("spaceship", grandma)).toBeUndefined()
    expect(searchScore("g", grandma)).toBeUndefined()
    expect(searchScore("  ", grandma)).toBeUndefined()
    expect(searchScore("grandma zebra", grandma)).toBeUndefined()
  })
  it("ranks exact words before typos and keeps the order of equals", () => {
    const items = [
      { id: 1, name: "Grandpa Returns" },
      { id: 2, name: "Grandma on Board" },
      { id: 3, name: "Grandma Again" },
    ]
    expect(searchItems("grandma", items, (item) => [item.name]).map((item) => item.id)).toEqual([2, 3, 1])
    expect(searchItems("zzz", items, (item) => [item.name])).toEqual([])
  })
})
