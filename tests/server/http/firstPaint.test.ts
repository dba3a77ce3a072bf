import { describe, expect, it } from "vitest"
import en from "../../../locales/en.json" with { type: "json" }
import he from "../../../locales/he.json" with { type: "json" }
import ru from "../../../locales/ru.json" with { type: "json" }
import { shellAnswer } from "../../../src/server/http/shellDocument.ts"

/**
 * Issue 17: the server's HTML paints the page's frame (the header with the brand) and a translated "loading" line
 * before any script runs, so the first contentful paint comes with the stylesheet. The frame is the one the app
 * draws for that path, so the brand does not move when React's first commit replaces it.
 */
const TEMPLATE =
  '<!doctype html><html lang="he" dir="rtl"><head><title>Marquee</title></head><body><div id="root"></div></body></html>'
const LOCALES = { enabled: ["he", "en", "ru"], default: "he" } as const

const rootOf = (pathname: string, lang: string | null = null) => {
  const { html } = shellAnswer(TEMPLATE, { pathname, lang }, LOCALES)
  return /<div id="root">(.*)<\/div><\/body>/.exec(html)?.[1] ?? ""
}

describe("the server's first paint", () => {
  it("draws a public page's header, its first row as tall as the app's, and the loading line in the page's language", () => {
    for (const [lang, table] of [
      ["he", he],
      ["en", en],
      ["ru", ru],
    ] as const) {
      const root = rootOf("/wallet", lang)
      expect(root, lang).toContain('class="site-header__inner site-header__inner--first-paint"')
      expect(root, lang).toContain(`<span class="brand__name">${table.app.brand}</span>`)
      expect(root, lang).toContain(`href="/?lang=${lang}"`)
      expect(root, lang).toContain(`<span class="spinner__label">${table.status.loading}</span>`)
      expect(root, lang).toContain('class="shell"')
    }
  })

  it("draws the order flows' header (the brand alone) on a booking page", () => {
    for (const path of ["/order/12/seats", "/edocument/some-key", "/enrol/3/tickets", "/shop/voucher/pay"]) {
      const root = rootOf(path)
      expect(root, path).toContain('class="shell shell--booking"')
      expect(root, path).not.toContain("--first-paint")
      expect(root, path).toContain('class="spinner__label"')
    }
  })

  it("gives the staff app the loading line alone: its header is its own", () => {
    const root = rootOf("/PRES-live/reports")
    expect(root).not.toContain("site-header")
    expect(root).toContain(`<span class="spinner__label">${he.status.loading}</span>`)
  })

  it("draws a 404 in the public pages' frame, in the fallback language for a disabled one", () => {
    const answer = shellAnswer(TEMPLATE, { pathname: "/order/1/nowhere", lang: "ar" }, LOCALES)
    expect(answer.status).toBe(404)
    expect(answer.html).toContain("site-header__inner--first-paint")
    expect(answer.html).toContain(`<span class="spinner__label">${he.status.loading}</span>`)
  })
})
