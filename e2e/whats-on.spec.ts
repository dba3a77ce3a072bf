import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import type { PresentationList } from "../src/api/PresentationsApi.ts"
import { expect, test } from "./fixtures.ts"

/**
 * The list's first render: the pinned clock puts the run in the morning, so the whole day is still ahead and
 * the page lays out about 960 showings at once (3.5 s alone in SwiftShader here, past 15 s with two journeys
 * beside it on this 2-core machine). The wait is for that render, not for anything that may not come.
 */
const FIRST_RENDER = { timeout: 45_000 }

test.describe("what's on", () => {
  test.describe.configure({ timeout: 90_000 })
  test("opens in Hebrew, right to left, with the seeded presentations", async ({ whatsOn, request }) => {
    const api = (await (await request.get("/api/presentations/?lang=he")).json()) as PresentationList
    await whatsOn.open()
    expect(await whatsOn.documentDirection()).toEqual({ lang: "he", dir: "rtl" })
    await expect(whatsOn.presentations.first()).toBeVisible(FIRST_RENDER)
    const first = api.presentations[0]!
    await expect(whatsOn.presentations.getByText(first.featureName).first()).toBeVisible()
    await expect(whatsOn.purchaseLinks.first()).toBeVisible()
    expect(await whatsOn.presentations.count()).toBeGreaterThan(5)
  })

  test("?lang=en shows English, left to right", async ({ whatsOn, request }) => {
    const api = (await (await request.get("/api/presentations/?lang=en")).json()) as PresentationList
    await whatsOn.open("?lang=en")
    expect(await whatsOn.documentDirection()).toEqual({ lang: "en", dir: "ltr" })
    await expect(whatsOn.presentations.getByText(api.presentations[0]!.featureName).first()).toBeVisible(
      FIRST_RENDER,
    )
    await expect(whatsOn.purchaseLinks.first()).toHaveAttribute("href", /lang=en/)
  })

  test("video on demand leads to its own watch page, never into the seat screen", async ({
    page,
    whatsOn,
    request,
  }) => {
    const api = (await (await request.get("/api/presentations/?lang=en")).json()) as PresentationList
    const vod = api.presentations.find((p) => p.isVod && p.isOnSale)
    if (vod === undefined) throw new Error("the seed has no video-on-demand presentation on sale")
    await whatsOn.open("?lang=en")
    // the list renders every presentation of the coming days (some 900): on a busy machine that takes a while
    await expect(whatsOn.presentations.first()).toBeVisible({ timeout: 40_000 })
    // no link into the seat screen, where a VOD presentation would meet "this showing has no reserved seats"
    await expect(page.locator(`a[href*='/order/${vod.id}/']`)).toHaveCount(0)
    const item = whatsOn.presentation(vod.id)
    await expect(item).toBeVisible()
    const watch = item.getByTestId("watch-now")
    await expect(watch).toHaveText(en.vod.watchNow)
    await expect(watch).toHaveAttribute("href", new RegExp(`/watch/${vod.id}\\?`))
  })

  test("?lang=ru shows Russian", async ({ whatsOn, request }) => {
    const api = (await (await request.get("/api/presentations/?lang=ru")).json()) as PresentationList
    await whatsOn.open("?lang=ru")
    expect(await whatsOn.documentDirection()).toEqual({ lang: "ru", dir: "ltr" })
    await expect(whatsOn.presentations.getByText(api.presentations[0]!.featureName).first()).toBeVisible(
      FIRST_RENDER,
    )
  })
})

test.describe("not found", () => {
  // A locale that is not enabled cannot be shown, so the 404 page speaks the default locale, Hebrew.
  test("a locale that is not enabled shows the 404 text", async ({ page }) => {
    await page.goto("/?lang=xx")
    await expect(page.getByText(he.errors.notFound)).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl")
  })

  test("an unknown route shows the 404 text in the page's language", async ({ page }) => {
    await page.goto("/no-such-page?lang=en")
    await expect(page.getByText(en.errors.notFound)).toBeVisible()
    expect(en.errors.notFound).toBe("This page could not be found.")
    await page.goto("/no-such-page")
    await expect(page.getByText(he.errors.notFound)).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl")
  })
})
