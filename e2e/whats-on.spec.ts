import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import type { PresentationList } from "../src/api/PresentationEntities.ts"
import { expect, test } from "./fixtures.ts"

/** The list's first render: one day of showings (the day strip's), no longer the fortnight at once. */
const FIRST_RENDER = { timeout: 20_000 }

/** The Jerusalem date a presentation starts on: its `dateTime` carries Jerusalem's offset. */
const dayOf = (dateTime: string) => dateTime.slice(0, 10)

test.describe("what's on", () => {
  test("opens in Hebrew, right to left, on one day chosen from the day strip", async ({
    page,
    whatsOn,
    request,
  }) => {
    const api = (await (await request.get("/api/presentations/?lang=he")).json()) as PresentationList
    await whatsOn.open()
    expect(await whatsOn.documentDirection()).toEqual({ lang: "he", dir: "rtl" })
    await expect(whatsOn.presentations.first()).toBeVisible(FIRST_RENDER)
    const strip = page.getByRole("navigation", { name: he.whatsOn.days })
    const shown = strip.locator("button[aria-pressed='true']")
    await expect(shown).toContainText(he.whatsOn.today)
    // only that day's showings are in the page, each with a sized, lazy poster
    const today = (await shown.getAttribute("data-date")) ?? ""
    const todays = api.presentations.filter((p) => dayOf(p.dateTime) === today)
    await expect(whatsOn.presentations).toHaveCount(todays.length)
    const poster = whatsOn.presentation(todays[0]!.id).locator("img")
    await expect(poster).toHaveAttribute("loading", "lazy")
    // the film's own poster, drawn at seed time (issue 19), and it arrives: a picture, not an empty box
    await expect(poster).toHaveAttribute(
      "src",
      `/api/features/${todays[0]!.featureId}/image?v=${encodeURIComponent(todays[0]!.featureImage ?? "")}`,
    )
    expect(await poster.evaluate((img: HTMLImageElement) => [img.width, img.height])).toEqual([48, 72])
    await poster.scrollIntoViewIfNeeded()
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(200)
    await expect(whatsOn.purchaseLinks.first()).toBeVisible()
    // another day: the URL keeps it, the list is that day's
    const next = strip.locator("button[aria-pressed='false']").first()
    const nextDay = (await next.getAttribute("data-date")) ?? ""
    await next.click()
    await expect(page).toHaveURL(new RegExp(`date=${nextDay}`))
    await expect(whatsOn.presentations).toHaveCount(
      api.presentations.filter((p) => dayOf(p.dateTime) === nextDay).length,
    )
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
    await whatsOn.open(`?lang=en&date=${dayOf(vod.dateTime)}`)
    await expect(whatsOn.presentations.first()).toBeVisible(FIRST_RENDER)
    // no link into the seat screen, where a VOD presentation would meet "this showing has no reserved seats"
    await expect(page.locator(`a[href*='/order/${vod.id}/']`)).toHaveCount(0)
    const item = whatsOn.presentation(vod.id)
    await expect(item).toBeVisible()
    const watch = item.getByTestId("watch-now")
    // the link names its showing to screen readers after the visible words (issue 17: accessible names)
    await expect(watch).toContainText(en.vod.watchNow)
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
