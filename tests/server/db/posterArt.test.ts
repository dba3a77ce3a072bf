import { Temporal } from "@js-temporal/polyfill"
import { describe, expect, it } from "vitest"
import { CATEGORY } from "../../../src/server/db/seed/featureCategories.ts"
import { buildSeedPlan } from "../../../src/server/db/seed/plan.ts"
import { featurePosterSvg, type PosterFacts } from "../../../src/server/db/seed/posterArt.ts"
import { PRODUCTS_WITH_ART, productArtSvg } from "../../../src/server/db/seed/productArt.ts"

/** The demo's posters and product pictures (issue 19), drawn at seed time. */

const film: PosterFacts = {
  id: 101,
  name: { he: "האור שבין הגלים", en: "The Light Between Tides", ru: "Свет между приливами" },
  category_id: CATEGORY.drama,
  release_date: "2026-03-01",
  age_rating: "12",
  is_3d: false,
}

/** Nothing in a stored picture may run or reach out: no script, handler, style, link or foreign object. */
const UNSAFE = /<script|<foreignObject|<style|style=|\son\w+=|href=|<!ENTITY|<!DOCTYPE/i

/** The text of every `<text>` element in a poster, as written in the SVG. */
const texts = (svg: string) => [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map((m) => m.slice(1))

describe("a demo film's poster", () => {
  it("is the same bytes for the same film, and another film's poster is another picture", () => {
    const poster = featurePosterSvg(film)
    expect(featurePosterSvg({ ...film })).toBe(poster)
    expect(featurePosterSvg({ ...film, id: 102 })).not.toBe(poster)
    expect(featurePosterSvg({ ...film, name: { ...film.name, en: "Another Tide" } })).not.toBe(poster)
    expect(poster).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 200 300"/)
    expect(poster).not.toMatch(UNSAFE)
  })

  it("sets the Hebrew title right to left, the original title under it, the rating and the year", () => {
    const lines = texts(featurePosterSvg(film))
    const hebrew = lines.filter(([, text]) => /[\u0590-\u05ff]/.test(text ?? ""))
    // "האור שבין הגלים" wraps after twelve characters; both of its lines, and only they, and the rating, are RTL
    expect(hebrew.map(([, text]) => text)).toEqual(["האור שבין", "הגלים"])
    for (const [attributes] of hebrew) expect(attributes).toContain('direction="rtl"')
    const english = lines.find(([, text]) => text === "THE LIGHT BETWEEN TIDES")
    expect(english?.[0]).not.toContain("direction")
    expect(lines.map(([, text]) => text)).toEqual(expect.arrayContaining(["12+", "2026"]))
    expect(lines.map(([, text]) => text)).not.toContain("3D")
    const forAll = texts(featurePosterSvg({ ...film, age_rating: "all", is_3d: true }))
    expect(forAll).toEqual(expect.arrayContaining([[expect.stringContaining('direction="rtl"'), "הותר לכל"]]))
    expect(forAll.map(([, text]) => text)).toContain("3D")
  })

  it("escapes what XML would read as markup in either title", () => {
    const poster = featurePosterSvg({
      ...film,
      name: { he: `טום & ג'רי <"הסרט">`, en: `Tom & Jerry's <script>alert(1)</script>`, ru: "" },
    })
    expect(poster).not.toMatch(UNSAFE)
    expect(poster).toContain("<title>טום &amp; ג&apos;רי &lt;&quot;הסרט&quot;&gt; — Tom &amp; Jerry&apos;s")
    expect(poster).toContain("TOM &amp; JERRY&apos;S &lt;SCRIPT&gt;ALERT(1)&lt;/SCRIPT&gt;")
    // no raw "<" or "&" is left in any text: each is the start of an element or of an entity
    for (const [, text] of texts(poster)) expect(text).not.toMatch(/<|&(?!(amp|lt|gt|quot|apos);)/)
  })

  it("draws a title with no Hebrew left to right", () => {
    const lines = texts(featurePosterSvg({ ...film, name: { ...film.name, he: "Mika" } }))
    expect(lines.find(([, text]) => text === "Mika")?.[0]).not.toContain("direction")
  })

  it("gives every demo film and product its own picture, under the key its row names", () => {
    const plan = buildSeedPlan({ seed: 3, scale: 1, today: Temporal.PlainDate.from("2026-03-27") })
    const bodies = plan.images.map((image) => image.body)
    expect(new Set(bodies).size).toBe(bodies.length)
    expect(plan.images.map((image) => image.key).sort()).toEqual(
      [
        ...plan.features.map((feature) => feature.image_key),
        ...plan.commerce.products.map((product) => product.image_key),
      ].sort(),
    )
    for (const body of bodies) {
      expect(body).not.toMatch(UNSAFE)
      expect(body.length).toBeLessThan(8000)
    }
    expect(PRODUCTS_WITH_ART).toEqual(plan.commerce.products.map((product) => product.id))
    expect(productArtSvg(999, "None")).toBeUndefined()
    expect(productArtSvg(6, `Beer & "more"`)).toContain("<title>Beer &amp; &quot;more&quot;</title>")
  })
})
