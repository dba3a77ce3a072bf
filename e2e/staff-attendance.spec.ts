import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import { test as base, expect } from "./fixtures.ts"
import { StaffLivePage } from "./pages/staff-live-page.ts"
import { screenshot, screenshotsWanted } from "./screenshots.ts"

/** The seeded demo staff (README "Demo staff"): business 1 and 2, the whole chain. */
const ADMIN = { username: "admin", password: "marquee-demo" }
const SHOTS = "scratch/shots/staff"

const test = base.extend<{ live: StaffLivePage }>({
  live: async ({ page }, use) => {
    await use(new StaffLivePage(page))
  },
})

/**
 * Hebrew on a phone and English on a desktop, as the order journeys; a screenshot run (SCREENSHOTS) walks every
 * language on both, for the pictures. The checks that need no viewport run once, on the desktop.
 */
const cases = [
  { name: "Hebrew", lang: undefined, code: "he", dir: "rtl", texts: he, project: "phone" },
  { name: "English", lang: "en", code: "en", dir: "ltr", texts: en, project: "desktop" },
] as const

test.describe("staff live monitoring: cinema attendance", () => {
  for (const { name, lang, code, dir, texts, project } of cases) {
    test(`${name}: sign in as staff and drill from all cinemas to a presentation box`, async ({
      live,
      page,
    }, testInfo) => {
      test.skip(!screenshotsWanted && testInfo.project.name !== project, `the ${project} journey`)
      const shot = (step: string) =>
        screenshot(page, { path: `${SHOTS}/${testInfo.project.name}-${code}-${step}.png`, fullPage: true })
      const t = texts.staff
      await live.open(lang)
      // no session yet: the sign-in screen, in the staff app's own installable frame
      await expect(page).toHaveURL(/\/PRES-live\/login/)
      await expect(live.heading).toHaveText(t.signIn.title)
      expect(
        await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
      ).toEqual([code, dir])
      expect(await live.manifestHref()).toBe("/pres-live.webmanifest")
      await shot("1-sign-in")

      // a wrong password is refused without saying which field was wrong
      await live.signIn(t.signIn, ADMIN.username, "not-the-password")
      await expect(page.getByRole("alert")).toHaveText(t.signIn.failed)
      await live.signIn(t.signIn, ADMIN.username, ADMIN.password)

      // the 29-day strip, today marked
      await expect(live.heading).toHaveText(t.attendance.title)
      await expect(page.getByText("Dana Levi")).toBeVisible()
      await expect(live.rowLinks()).toHaveCount(29)
      await expect(page.getByRole("img", { name: t.attendance.chartLabel })).toBeVisible()
      await shot("2-strip")
      await live.rowLink(new RegExp(t.attendance.today)).click()

      // the day: 'All cinemas' first, then each cinema
      await expect(live.rowLinks().first()).toHaveText(t.attendance.allCinemas)
      expect(await live.rowLinks().count()).toBeGreaterThan(2)
      await shot("3-day")
      await live.rowLinks().nth(1).click()

      // a cinema by hall, then by film
      await expect(page.getByRole("link", { name: t.attendance.byVenue })).toHaveAttribute(
        "aria-current",
        "page",
      )
      await expect(live.rowLinks().first()).toBeVisible()
      await page.getByRole("link", { name: t.attendance.byFeature }).click()
      await expect(page.getByRole("link", { name: t.attendance.byFeature })).toHaveAttribute(
        "aria-current",
        "page",
      )
      await expect(live.rowLinks().first()).toBeVisible()
      await page.getByRole("link", { name: t.attendance.byVenue }).click()
      await expect(page.getByRole("link", { name: t.attendance.byVenue })).toHaveAttribute(
        "aria-current",
        "page",
      )
      await shot("4-location")
      const hall = (await live.rowLinks().first().textContent()) ?? ""
      await live.rowLinks().first().click()

      // the presentation box: that hall's showings with their numbers
      await expect(live.heading).toHaveText(hall)
      await expect(page.getByRole("caption")).toHaveText(t.attendance.box)
      await expect(live.table.getByRole("row").nth(1)).toContainText(/\d\d:\d\d/)
      await expect(
        page.getByText(new RegExp(t.updatedAt.replace("{{time}}", "\\d\\d:\\d\\d:\\d\\d"))),
      ).toBeVisible()
      await shot("5-box")
      // the demo admin is a broker: the sale controls are under the box (their calls and what they do to buyers:
      // tests/server/staff/brokers.integration.test.ts; nothing is clicked here, the box's showings are shared)
      await expect(page.getByRole("region", { name: texts.staffBrokers.title })).toBeVisible()

      // offline, the last numbers stay on screen with the time they were fetched
      await page.context().setOffline(true)
      await expect(
        page.getByText(new RegExp(t.offline.replace("{{time}}", "\\d\\d:\\d\\d:\\d\\d"))),
      ).toBeVisible()
      await expect(live.table.getByRole("row").nth(1)).toContainText(/\d\d:\d\d/)
      await page.context().setOffline(false)
    })
  }

  test("a buyer's page loads no staff code and names the buyers' manifest", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one viewport is enough")
    const scripts: Array<string> = []
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url())
    })
    await page.goto("/")
    // what's on has drawn: every chunk its first screen needs has been fetched
    await page.waitForLoadState("networkidle")
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest")
    const staffChunks = /PRES-live|liveQueries|StaffLayout|day\._date|box\._date|location\._date|\/login-/
    expect(scripts.filter((url) => staffChunks.test(url))).toEqual([])
  })

  test("the staff manifest installs its own app under /PRES-live", async ({ request }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "no viewport involved")
    const response = await request.get("/pres-live.webmanifest")
    expect(response.ok()).toBe(true)
    const manifest = (await response.json()) as Record<string, unknown>
    expect(manifest).toMatchObject({ start_url: "/PRES-live", scope: "/PRES-live", display: "standalone" })
    const icons = manifest.icons as ReadonlyArray<{ src: string }>
    for (const icon of icons) expect((await request.get(icon.src)).ok()).toBe(true)
  })
})
