import { describe, expect, it } from "vitest"
import type { CinemaInfo } from "../../../src/api/CinemasApi.ts"
import type { FeatureList } from "../../../src/api/FeaturesApi.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"

/** Issue 19's public pages: `GET /api/cinemas/{id}` (complex info) and `GET /api/features/search` (typo-tolerant). */
describe.each(bothDatabases("publicpages"))("public pages on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  const get = (path: string) => fetch(`${live().baseUrl}/api${path}`)

  it("gives a cinema's hours, parking and accessibility in the language asked, and no head office", async () => {
    if (!isUp()) return
    const english = (await (await get("/cinemas/1170?lang=en")).json()) as CinemaInfo
    expect(english.name).toBe("Marquee Tel Aviv Port")
    expect(english.address).toBe("Hangar 9, Tel Aviv Port")
    expect(english.openingHours.length).toBeGreaterThan(0)
    expect(english.openingHours[0]).toEqual({ fromDay: 0, toDay: 4, opens: "10:00", closes: "01:00" })
    expect(english.parking).toContain("Port car park")
    expect(english.accessibility).toContain("wheelchair")
    const hebrew = (await (await get("/cinemas/1170")).json()) as CinemaInfo
    expect(hebrew.name).toBe("מרקי נמל תל אביב")
    expect(hebrew.parking).toContain("חניון")
    // a language with no text of its own falls back to English
    const polish = (await (await get("/cinemas/1170?lang=pl")).json()) as CinemaInfo
    expect(polish.parking).toBe(english.parking)
    // the streaming location is a cinema with nothing to say about parking
    const streaming = (await (await get("/cinemas/1199?lang=en")).json()) as CinemaInfo
    expect(streaming.parking).toBeNull()
    expect(streaming.openingHours).toEqual([])
    expect((await get("/cinemas/1")).status).toBe(404)
    expect((await get("/cinemas/999999")).status).toBe(404)
    expect((await get("/cinemas/abc")).status).toBe(400)
  })

  it("finds a film by a misspelt title in Hebrew, English or Russian, names in the language asked", async () => {
    if (!isUp()) return
    const [film] = await live().query<{ id: number; en: string }>(
      `SELECT id, name->>'en' AS en FROM features WHERE name->>'en' = 'Grandma on Board'`,
    )
    const search = async (q: string, lang: string) =>
      (await (await get(`/features/search?q=${encodeURIComponent(q)}&lang=${lang}`)).json()) as FeatureList
    const english = await search("grnadma", "en")
    expect(english.features[0]?.id).toBe(film!.id)
    expect(english.features[0]?.name).toBe("Grandma on Board")
    const hebrew = await search("סבטא", "he")
    expect(hebrew.features[0]?.id).toBe(film!.id)
    expect(hebrew.features[0]?.name).toBe("סבתא בטיסה")
    // a Russian query finds the film while the page is in English
    const russian = await search("бабущка", "en")
    expect(russian.features[0]?.name).toBe("Grandma on Board")
    expect((await search("zzzzqqq", "en")).features).toEqual([])
    expect((await search("g", "en")).features).toEqual([])
    expect((await get(`/features/search?q=${"a".repeat(101)}`)).status).toBe(400)
    expect((await get("/features/search")).status).toBe(400)
  })

  it("tells a film's trailer where it has one, and none where it has not, and its link leaves for it", async () => {
    if (!isUp()) return
    const { features } = (await (await get("/features/?lang=en")).json()) as FeatureList
    const withTrailer = features.filter((feature) => feature.trailerUrl !== null)
    expect(withTrailer.length).toBeGreaterThan(0)
    expect(withTrailer.every((feature) => feature.trailerUrl?.startsWith("https://www.youtube.com/"))).toBe(
      true,
    )
    expect(features.some((feature) => feature.trailerUrl === null)).toBe(true)
    // the film page's link, `/` + the address, leaves for the trailer host (on the default allowlist)
    const trailer = withTrailer[0]!.trailerUrl!
    const leaving = await fetch(`${live().baseUrl}/${trailer}`, { redirect: "manual" })
    expect(leaving.status).toBe(302)
    expect(leaving.headers.get("location")).toBe(trailer)
  })
})
