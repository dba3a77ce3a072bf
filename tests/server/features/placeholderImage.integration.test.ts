import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { posterSvg, titleLines } from "../../../src/server/features/posterSvg.ts"
import { bothDatabases } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"

/** `GET /api/features/{id}/placeholderImage`: the what's-on list's poster for a feature with no image of its own. */
describe("a placeholder poster", () => {
  it("is the same SVG every time, its title escaped and wrapped", () => {
    const svg = posterSvg(7, `Tom & Jerry <"the movie"> returns once more again`, false)
    expect(posterSvg(7, `Tom & Jerry <"the movie"> returns once more again`, false)).toBe(svg)
    expect(svg).toContain(
      "<title>Tom &amp; Jerry &lt;&quot;the movie&quot;&gt; returns once more again</title>",
    )
    expect(svg).not.toMatch(/<script|style=|on\w+=/i)
    expect(posterSvg(8, "x", false)).not.toBe(posterSvg(7, "x", false))
    expect(titleLines("a very long title that needs several lines to be read")).toHaveLength(4)
    expect(titleLines("Supercalifragilisticexpialidocious")[0]).toHaveLength(14)
  })
})

describe.each(bothDatabases("posters"))("placeholder posters on $name", ({ start }) => {
  let server: RunningServer | undefined
  let cleanup: () => Promise<void> = async () => {}

  beforeAll(async () => {
    const started = await start()
    if (started === undefined) return
    server = started.server
    cleanup = started.cleanup
  }, 180_000)
  afterAll(() => cleanup())

  it("draws the feature's title in the language asked, cacheable, and 404 for an unknown feature", async () => {
    if (server === undefined) return
    const [feature] = await server.query<{ id: number; he: string; en: string }>(
      `SELECT id, name->>'he' AS he, name->>'en' AS en FROM features ORDER BY id LIMIT 1`,
    )
    const answer = await fetch(`${server.baseUrl}/api/features/${feature!.id}/placeholderImage?lang=en`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toContain("image/svg+xml")
    expect(answer.headers.get("cache-control")).toContain("max-age=86400")
    const svg = await answer.text()
    expect(svg).toContain(`<title>${feature!.en}</title>`)
    const hebrew = await (
      await fetch(`${server.baseUrl}/api/features/${feature!.id}/placeholderImage`)
    ).text()
    expect(hebrew).toContain(`<title>${feature!.he}</title>`)
    expect(hebrew).toContain('direction="rtl"')
    expect((await fetch(`${server.baseUrl}/api/features/999999/placeholderImage`)).status).toBe(404)
    expect((await fetch(`${server.baseUrl}/api/features/abc/placeholderImage`)).status).toBe(400)
  })
})
