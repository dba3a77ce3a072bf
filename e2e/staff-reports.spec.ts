import type { Page } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import { test as base, expect, pinClock } from "./fixtures.ts"
import { detailsToPay, holdBestAndContinue, payAndConfirm } from "./order-journeys.ts"
import { StaffLivePage } from "./pages/staff-live-page.ts"
import { StaffReportsPage } from "./pages/staff-reports-page.ts"
import { journeyPresentation } from "./presentations.ts"
import { screenshot, screenshotsWanted } from "./screenshots.ts"

/** The seeded demo staff (README "Demo staff"): business 1 and 2, the whole chain. */
const ADMIN = { username: "admin", password: "marquee-demo" }
const SHOTS = process.env.STAFF_SHOTS ?? "scratch/shots/staff"

const test = base.extend<{ live: StaffLivePage; reports: StaffReportsPage }>({
  live: async ({ page }, use) => {
    await use(new StaffLivePage(page))
  },
  reports: async ({ page }, use) => {
    await use(new StaffReportsPage(page))
  },
})

const cases = [
  { name: "Hebrew", lang: undefined, code: "he", texts: he, project: "phone" },
  { name: "English", lang: "en", code: "en", texts: en, project: "desktop" },
] as const

const signedIn = async (live: StaffLivePage, page: Page, texts: typeof he | typeof en, lang?: string) => {
  await live.open(lang)
  await expect(page).toHaveURL(/\/PRES-live\/login/)
  await live.signIn(texts.staff.signIn, ADMIN.username, ADMIN.password)
  await expect(live.heading).toHaveText(texts.staff.attendance.title)
}

test.describe("staff live monitoring: reports", () => {
  for (const { name, lang, code, texts, project } of cases) {
    test(`${name}: sign in, open the reports from the menu, sort and page one`, async ({
      live,
      reports,
      page,
    }, testInfo) => {
      test.skip(!screenshotsWanted && testInfo.project.name !== project, `the ${project} journey`)
      if (screenshotsWanted)
        await page.setViewportSize(
          testInfo.project.name === "phone" ? { width: 390, height: 844 } : { width: 1280, height: 800 },
        )
      const shot = (step: string) =>
        screenshot(page, {
          path: `${SHOTS}/${testInfo.project.name}-${code}-reports-${step}.png`,
          fullPage: true,
        })
      const r = texts.staffReports
      await signedIn(live, page, texts, lang)
      // the strip is charted with the chart library, loaded for this screen only
      await expect(page.getByRole("img", { name: texts.staff.attendance.chartLabel })).toBeVisible()
      await shot("0-strip")
      // on a phone the staff menu scrolls within itself: the page is never wider than the screen
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true)

      await page
        .getByRole("navigation", { name: r.menu.label })
        .getByRole("link", { name: r.menu.reports })
        .click()
      await expect(live.heading).toHaveText(r.title)
      await expect(page.getByRole("link", { name: r.kind.locationTicketSales })).toHaveAttribute(
        "aria-current",
        "page",
      )
      await expect(reports.rows().first()).toBeVisible()
      await expect(page.getByRole("img", { name: /\d\d\/\d\d\/\d{4}/ })).toBeVisible()
      await shot("1-locations")

      // presentation sales of the last seven days: many rows, sorted by date at first
      await page.getByRole("link", { name: r.kind.presentationSales }).click()
      await expect(page.getByRole("link", { name: r.kind.presentationSales })).toHaveAttribute(
        "aria-current",
        "page",
      )
      // its own rows: each names a showing by its film and time
      await expect(reports.table.getByRole("rowheader").first()).toHaveText(/ · \d\d:\d\d$/)
      await expect(reports.rows()).toHaveCount(10)
      const pager = page.getByText(
        new RegExp(
          r.pageOf.replace("{{page}}", "1").replace("{{pages}}", "(\\d+)").replace("{{rows}}", "(\\d+)"),
        ),
      )
      await expect(pager).toBeVisible()

      // sort by sales (the server sorts and pages): the largest amount first, on every page
      const amountColumn = 4
      const amounts = async () => (await reports.column(amountColumn)).map(StaffReportsPage.agorot)
      const descending = (values: ReadonlyArray<number>) =>
        values.every((v, i) => i === 0 || v <= values[i - 1]!)
      await page.getByLabel(r.sortBy).selectOption("sales")
      await expect(page).toHaveURL(/sort=sales/)
      await reports.settled()
      await expect.poll(async () => descending(await amounts())).toBe(true)
      // the other way round: the smallest first
      await page.getByRole("combobox", { name: r.direction, exact: true }).selectOption("asc")
      await expect(page).toHaveURL(/dir=asc/)
      await reports.settled()
      await expect
        .poll(async () => {
          const values = await amounts()
          return values.length > 1 && descending([...values].reverse()) && !descending(values)
        })
        .toBe(true)
      await page.getByRole("combobox", { name: r.direction, exact: true }).selectOption("desc")
      await expect(page).toHaveURL(/dir=desc/)
      await reports.settled()
      await expect.poll(async () => descending(await amounts())).toBe(true)
      await shot("2-sorted")

      // 25 rows a page, then the second page: its first amount is no larger than the first page's last
      await page.getByLabel(r.rowsPerPage).selectOption("25")
      await expect(reports.rows()).toHaveCount(25)
      await reports.settled()
      const showings = () => reports.table.getByRole("rowheader").allTextContents()
      const pageOne = await amounts()
      const pageOneRows = await showings()
      const onPage = (n: number) =>
        page.getByText(
          new RegExp(
            r.pageOf.replace("{{page}}", String(n)).replace("{{pages}}", "\\d+").replace("{{rows}}", "\\d+"),
          ),
        )
      await page.getByRole("button", { name: r.next }).click()
      await expect(onPage(2)).toBeVisible()
      await reports.settled()
      // the click changed the page: other showings, no larger than the first page's last
      const pageTwo = await amounts()
      expect(pageTwo.length).toBeGreaterThan(0)
      expect(pageTwo[0]).toBeLessThanOrEqual(pageOne.at(-1) ?? 0)
      expect(descending(pageTwo)).toBe(true)
      expect((await showings()).some((name, i) => name !== pageOneRows[i])).toBe(true)
      await page.getByRole("button", { name: r.previous }).click()
      await expect(onPage(1)).toBeVisible()
      await reports.settled()
      await expect(reports.rows()).toHaveCount(25)
      expect(await showings()).toEqual(pageOneRows)

      // a top ten comes charted, then tabled in its ranking
      await page.getByRole("link", { name: r.kind.topFeatures }).click()
      await expect(page.getByRole("img", { name: r.kind.topFeatures })).toBeVisible()
      await expect(reports.rows()).toHaveCount(10)
      await shot("3-top-features")
      await page.getByRole("link", { name: r.kind.topProductsMost }).click()
      await expect(page.getByRole("img", { name: r.kind.topProductsMost })).toBeVisible()
      await shot("4-top-products")
      await page.getByRole("link", { name: r.kind.concessions }).click()
      await expect(reports.rows().first()).toBeVisible()
      await shot("5-concessions")
      await page.getByRole("link", { name: r.kind.pointsOfSale }).click()
      await expect(reports.rows().first()).toBeVisible()
      await shot("6-points-of-sale")

      // offline, the report keeps its last rows with the time they were fetched
      await page.context().setOffline(true)
      await expect(
        page.getByText(new RegExp(texts.staff.offline.replace("{{time}}", "\\d\\d:\\d\\d:\\d\\d"))),
      ).toBeVisible()
      await expect(reports.rows().first()).toBeVisible()
      await page.context().setOffline(false)
    })
  }

  test("Hebrew: a sale made in the shop arrives in the open report by itself", async ({
    live,
    reports,
    page,
    browser,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the phone journey")
    test.setTimeout(120_000)
    const presentation = await journeyPresentation(request, "staff-reports/live-sale", testInfo)
    await signedIn(live, page, he)
    // today's ticket sales at the journey's cinema, as the staff member watches them (today by the server's clock)
    const login = await request.post("/api/pres-live/login", { data: ADMIN })
    const { today } = (await login.json()) as { today: string }
    await page.goto(
      `/PRES-live/reports?report=locationTicketSales&from=${today}&to=${today}&loc=${presentation.locationId}`,
    )
    // early in the pinned day the cinema may have sold nothing yet: then the report says so, and counts 0
    await expect(reports.rows().or(page.getByText(he.staffReports.none))).toBeVisible()
    const ticketsColumn = 2
    const sold = async () => Number((await reports.column(ticketsColumn))[0] ?? 0)
    const before = await sold()

    // a buyer, in a browser of their own, buys two tickets and pays
    const buyerContext = await browser.newContext({ ...testInfo.project.use })
    await pinClock(buyerContext)
    const buyer = await buyerContext.newPage()
    const steps = await holdBestAndContinue(buyer, presentation.id, 2, "he")
    await detailsToPay(buyer, steps, presentation.id)
    await payAndConfirm(buyer, request, presentation.id, 2)
    await buyerContext.close()

    // the open report refreshes by itself (no reload, no click): the two tickets are there within seconds
    await expect.poll(sold, { timeout: 15_000 }).toBe(before + 2)
    await expect(reports.rows()).toHaveCount(1)
  })

  test("a buyer's page loads no chart library and no report code", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one viewport is enough")
    const scripts: Array<string> = []
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url())
    })
    await page.goto("/")
    await page.waitForLoadState("networkidle")
    const staffChunks = /nivo|chartTheme|StripBars|HourLine|TopTenBars|\/reports-|PRES-live/
    expect(scripts.filter((url) => staffChunks.test(url))).toEqual([])
  })
})
