import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import { test as base, expect } from "./fixtures.ts"
import { StaffLivePage } from "./pages/staff-live-page.ts"
import { screenshot, screenshotsWanted } from "./screenshots.ts"

const ADMIN = { username: "admin", password: "marquee-demo" }
const SHOTS = "scratch/shots/staff"

const test = base.extend<{ live: StaffLivePage }>({
  live: async ({ page }, use) => {
    await use(new StaffLivePage(page))
  },
})

const cases = [
  { name: "Hebrew", lang: undefined, code: "he", texts: he, project: "phone" },
  { name: "English", lang: "en", code: "en", texts: en, project: "desktop" },
] as const

test.describe("staff live monitoring: ticket references", () => {
  for (const { name, lang, code, texts, project } of cases) {
    test(`${name}: edit a reference quantity and open its sales`, async ({ live, page }, testInfo) => {
      // the journey runs in Hebrew on the phone; English only for the pictures
      test.skip(
        testInfo.project.name !== project || (!screenshotsWanted && code !== "he"),
        "Hebrew phone journey",
      )
      const shot = (step: string) =>
        screenshot(page, { path: `${SHOTS}/${testInfo.project.name}-${code}-${step}.png`, fullPage: true })
      const r = texts.staffRefs
      const menu = page.getByRole("navigation", { name: texts.staffReports.menu.label })
      await live.open(lang)
      await live.signIn(texts.staff.signIn, ADMIN.username, ADMIN.password)
      await expect(live.heading).toHaveText(texts.staff.attendance.title)

      await menu.getByRole("link", { name: texts.staffReports.menu.references }).click()
      await expect(live.heading).toHaveText(r.title)
      const row = page.getByRole("row").filter({ hasText: "HILTON" }).first()
      const field = row.getByRole("textbox")
      const now = Number(await field.inputValue())
      await field.fill(String(now + 5))
      await row.getByRole("button", { name: r.save }).click()
      await expect(row.getByRole("status")).toHaveText(r.outcome.saved)
      await expect(row.getByRole("textbox")).toHaveValue(String(now + 5))
      // below zero is refused on the screen, before anything is sent
      await row.getByRole("textbox").fill("-1")
      await row.getByRole("button", { name: r.save }).click()
      await expect(row.getByRole("status")).toHaveText(r.outcome.invalidQuantity)
      await shot("refs-1-list")

      await page.getByRole("link", { name: "HILTON" }).first().click()
      await expect(live.heading).toHaveText("HILTON")
      await shot("refs-2-detail")
      // the v2 feature/presentation view, for its picture only (its behaviour: src/app/staff/featureView tests)
      if (screenshotsWanted) {
        await page.goto(lang === undefined ? "/PRES-live/v2" : `/PRES-live/v2?lang=${lang}`)
        await expect(live.heading).toHaveText(texts.staffV2.title)
        await shot("v2")
      }
    })
  }
})
