import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import { test as base, expect, onlyOn } from "./fixtures.ts"
import { SupportPage } from "./pages/support-page.ts"

const test = base.extend<{ support: SupportPage }>({
  support: async ({ page }, use) => {
    await use(new SupportPage(page))
  },
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const cases = [
  { name: "Hebrew, right to left", lang: undefined, locale: "he", dir: "rtl", texts: he },
  { name: "English, left to right", lang: "en", locale: "en", dir: "ltr", texts: en },
] as const

test.describe("support: the cart log", () => {
  for (const { name, lang, locale, dir, texts } of cases) {
    test(`${name}: shows a fresh cart and downloads its empty log`, async ({ support }) => {
      await support.open(lang)
      expect(await support.documentDirection()).toEqual({ lang: locale, dir })
      await expect(support.heading).toHaveText(texts.support.title)
      await expect(support.cartLog.getByRole("heading", { level: 2 })).toHaveText(texts.support.logTitle)
      await expect(support.cartId).toHaveText(UUID)
      // The id reads left to right even inside a right-to-left page.
      await expect(support.cartId).toHaveAttribute("dir", "ltr")
      await expect(support.eventCount).toHaveText("0")
      await expect(support.downloadButton).toHaveText(texts.support.download)

      const shownId = (await support.cartId.textContent())?.trim()
      const { fileName, file } = await support.downloadLog()
      expect(file).toMatchObject({ cartId: shownId, app: "marquee", events: [] })
      expect(fileName).toBe(`marquee-cart-${shownId}.json`)
      expect(new Date(file.exportedAt).toISOString()).toBe(file.exportedAt)
    })
  }

  test("the cart id survives a reload and a change of language", async ({ support }, testInfo) => {
    onlyOn(testInfo, "phone")
    await support.open()
    await expect(support.cartId).toHaveText(UUID)
    const first = await support.cartId.textContent()
    await support.open("en")
    await expect(support.cartId).toHaveText(first ?? "")
  })

  test("the footer links to the support page in the current language", async ({
    page,
    support,
  }, testInfo) => {
    onlyOn(testInfo, "desktop")
    await page.goto("/?lang=en")
    await page.getByRole("contentinfo").getByRole("link", { name: en.support.title }).click()
    await expect(page).toHaveURL(/\/support\?lang=en$/)
    await expect(support.heading).toHaveText(en.support.title)
  })
})
