import { describe, expect, it } from "vitest"
import type { FeatureList } from "../../../src/api/FeaturesApi.ts"
import type { PresentationList } from "../../../src/api/PresentationEntities.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"

/**
 * Issue 19: every demo film has its own poster and every demo product its own picture, stored at seed time and
 * served as SVG that a browser keeps (cache headers) and can run nothing from (a policy that forbids script, no
 * sniffing, nothing active in the body).
 */

/** Nothing in a stored picture may run or reach out. */
const UNSAFE = /<script|<foreignObject|<style|style=|\son\w+=|href=|<!ENTITY|<!DOCTYPE/i

/** Fetches a picture and checks how it is served; answers its body. */
const picture = async (url: string): Promise<string> => {
  const answer = await fetch(url)
  expect(answer.status, url).toBe(200)
  expect(answer.headers.get("content-type"), url).toMatch(/^image\/svg\+xml\b/)
  expect(answer.headers.get("cache-control"), url).toContain("max-age=86400")
  expect(answer.headers.get("x-content-type-options"), url).toBe("nosniff")
  // "default-src 'none'" with no script-src of its own: no script of any kind may run in it
  const policy = answer.headers.get("content-security-policy") ?? ""
  expect(policy, url).toContain("default-src 'none'")
  expect(policy, url).not.toContain("script-src")
  const body = await answer.text()
  expect(body, url).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  expect(body, url).not.toMatch(UNSAFE)
  return body
}

describe.each(bothDatabases("pictures"))("stored pictures on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("serves each film its own poster, named in the feature and presentation lists", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const rows = await server.query<{ id: number; image_key: string | null; he: string }>(
      `SELECT id, image_key, name->>'he' AS he FROM features ORDER BY id`,
    )
    expect(rows.length).toBeGreaterThan(10)
    const { features } = (await (
      await fetch(`${server.baseUrl}/api/features/?lang=en`)
    ).json()) as FeatureList
    expect(Object.fromEntries(features.map((f) => [f.id, f.image]))).toEqual(
      Object.fromEntries(rows.map((row) => [row.id, row.image_key])),
    )
    const posters = await Promise.all(
      rows.map((row) => picture(`${server.baseUrl}/api/features/${row.id}/image?v=${row.image_key}`)),
    )
    expect(new Set(posters).size).toBe(rows.length)
    for (const [i, row] of rows.entries()) expect(posters[i]).toContain(`<title>${row.he} — `)
    const { presentations } = (await (
      await fetch(`${server.baseUrl}/api/presentations/?lang=he`)
    ).json()) as PresentationList
    const keys = new Map(rows.map((row) => [row.id, row.image_key]))
    expect(presentations.length).toBeGreaterThan(0)
    for (const p of presentations) expect(p.featureImage).toBe(keys.get(p.featureId))
  })

  it("serves each product its own picture, and a product whose key names nothing its category's", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const rows = await server.query<{ id: number; category: string }>(
      `SELECT id, category FROM products ORDER BY id`,
    )
    expect(rows.length).toBeGreaterThan(10)
    const pictures = await Promise.all(
      rows.map((row) => picture(`${server.baseUrl}/api/products/${row.id}/image`)),
    )
    expect(new Set(pictures).size).toBe(rows.length)
    // soda, water and beer are all "drinks", each drawn apart
    const drinks = rows.flatMap((row, i) => (row.category === "drinks" ? [pictures[i]] : []))
    expect(drinks).toHaveLength(3)
    expect(new Set(drinks).size).toBe(3)
    const [popcorn] = rows
    await server.query(`UPDATE products SET image_key = 'products/elsewhere.webp' WHERE id = $1`, [
      popcorn!.id,
    ])
    const drawn = await picture(`${server.baseUrl}/api/products/${popcorn!.id}/image`)
    expect(drawn).not.toBe(pictures[0])
    expect(drawn).toContain("<title>Small popcorn</title>")
  })

  it("answers 404 for a film without a picture of its own, whose placeholder is still drawn", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const [feature] = await server.query<{ id: number }>(`SELECT id FROM features ORDER BY id DESC LIMIT 1`)
    await server.query(`UPDATE features SET image_key = NULL WHERE id = $1`, [feature!.id])
    const missing = await fetch(`${server.baseUrl}/api/features/${feature!.id}/image`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ error: "featureImageNotFound" })
    expect((await fetch(`${server.baseUrl}/api/features/999999/image`)).status).toBe(404)
    const { features } = (await (
      await fetch(`${server.baseUrl}/api/features/?featureIds=${feature!.id}`)
    ).json()) as FeatureList
    expect(features[0]?.image).toBeNull()
    await picture(`${server.baseUrl}/api/features/${feature!.id}/placeholderImage?lang=he`)
  })
})
