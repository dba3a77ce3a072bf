import type { APIRequestContext, TestInfo } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import type { PresentationDetail } from "../src/api/PresentationEntities.ts"
import { solveHumanCheck } from "../src/cli/humanCheckSolver.ts"
import { test as base, expect } from "./fixtures.ts"
import { StaffLivePage } from "./pages/staff-live-page.ts"
import { journeyPresentation } from "./presentations.ts"
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

/** The best free seat of a showing, and a try to hold it as a new buyer: the shop's answer, status and error. */
const seatTry = async (request: APIRequestContext, origin: string, presentationId: number) => {
  const best = await request.get(
    `/api/seats/best-available?presentationId=${presentationId}&quantity=1&isLock=false`,
  )
  const seat = ((await best.json()) as { matches?: Array<{ seats: Array<unknown> }> }).matches?.[0]?.seats[0]
  expect(seat, `a free seat at ${presentationId}`).toBeDefined()
  return async () => {
    const cart = await request.post("/api/cart/token", {
      data: { recaptchaToken: await solveHumanCheck(origin) },
    })
    const { token } = (await cart.json()) as { token: string }
    const held = await request.put("/api/seats/lock-seat", {
      headers: { "x-cart-token": token },
      data: { seat },
    })
    return { status: held.status(), error: ((await held.json()) as { error?: string }).error }
  }
}

/**
 * The broker panel clicked for real, on the seeded showing of journey staff-brokers/lock (its own, in a hall the
 * others buy in at other minutes): lock, the row and the shop both say off sale and a seat is refused as notOnSale;
 * unlock, on sale again and a seat can be held.
 */
const lockAndRestore = async (
  live: StaffLivePage,
  t: typeof he.staffBrokers,
  testInfo: TestInfo,
  shot: (step: string) => Promise<unknown>,
) => {
  const { page } = live
  const request = page.request
  const own = await journeyPresentation(request, "staff-brokers/lock", testInfo)
  const onSale = async () =>
    ((await (await request.get(`/api/presentations/${own.id}`)).json()) as PresentationDetail).presentation
      .isOnSale
  const trySeat = await seatTry(request, new URL(page.url()).origin, own.id)
  await page.goto(`/PRES-live/box/${own.dateTime.slice(0, 10)}/${own.locationId}/venues/${own.venueId}`)
  const row = page
    .getByRole("region", { name: t.title })
    .getByRole("listitem")
    .filter({ hasText: `${own.dateTime.slice(11, 16)} ${own.featureName}` })
  await expect(row).toContainText(t.state.onSale)
  await row.getByRole("button", { name: t.action.lock, exact: true }).click()
  await expect(row.getByRole("status")).toHaveText(t.outcome.done.lock)
  await expect(row).toContainText(t.lockedBy.replace("{{name}}", "Dana Levi"))
  await shot("6-broker-locked")
  expect(await onSale()).toBe(false)
  expect(await trySeat()).toEqual({ status: 400, error: "notOnSale" })

  await row.getByRole("button", { name: t.action.unlock, exact: true }).click()
  await expect(row.getByRole("status")).toHaveText(t.outcome.done.unlock)
  await expect(row).toContainText(t.state.onSale)
  expect(await onSale()).toBe(true)
  expect((await trySeat()).status).toBe(200)
}

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
      // the demo admin is a broker: the sale controls are under the box (every refusal and race:
      // tests/server/staff/brokers.integration.test.ts); the box's showings are shared, so nothing is clicked here
      await expect(page.getByRole("region", { name: texts.staffBrokers.title })).toBeVisible()

      // offline, the last numbers stay on screen with the time they were fetched: that time is the fetch time of
      // the answer kept on this device, whose rows are the ones shown (not the clock's time, not an empty table)
      const offlineAt = new RegExp(t.offline.replace("{{time}}", "(\\d\\d:\\d\\d:\\d\\d)"))
      await page.context().setOffline(true)
      await expect(page.getByText(offlineAt)).toBeVisible()
      await expect(live.table.getByRole("row").nth(1)).toContainText(/\d\d:\d\d/)
      const shownRows = (await live.table.getByRole("row").count()) - 1
      await expect
        .poll(() => live.shownAndKept("box", offlineAt))
        .toMatchObject({ same: true, rows: shownRows })
      // a screen seen before opens offline from what the device kept: the day, 'All cinemas' first, with its time
      await page.getByRole("navigation", { name: t.attendance.trail }).getByRole("link").nth(1).click()
      await expect(live.rowLinks().first()).toHaveText(t.attendance.allCinemas)
      await expect(page.getByText(offlineAt)).toBeVisible()
      await expect
        .poll(() => live.shownAndKept("locations", offlineAt))
        .toMatchObject({
          same: true,
          rows: await live.rowLinks().count(),
        })
      await shot("5b-offline-day")
      await page.context().setOffline(false)
      await expect(
        page.getByText(new RegExp(t.updatedAt.replace("{{time}}", "\\d\\d:\\d\\d:\\d\\d"))),
      ).toBeVisible()

      // a broker takes a showing of this journey's own off sale, and puts it back (Hebrew only: one run is enough)
      if (code === "he") await lockAndRestore(live, texts.staffBrokers, testInfo, shot)
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
