import type { APIRequestContext, Page } from "@playwright/test"
import family from "../locales/brands/family.json" with { type: "json" }
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import type { PresentationDetail } from "../src/api/PresentationEntities.ts"
import {
  JOURNEY_OFFLINE_LOCATION,
  type JourneyProject,
  journeyOfflinePresentationId,
  journeyPresentationId,
} from "../src/server/db/seed/journeys.ts"
import { DEMO_PARTNERS } from "../src/server/db/seed/miniSites.ts"
import { signLink } from "../src/server/miniSite/integrationLinks.ts"
import { expect, test } from "./fixtures.ts"
import { detailsToPay, holdBestAndContinue, payAndConfirm, shot } from "./order-journeys.ts"
import { OrderStepsPage } from "./pages/order-steps-page.ts"
import { SeatListPage } from "./pages/seat-list-page.ts"
import { journeyPresentation } from "./presentations.ts"

/**
 * Issue 19: a partner's buyer on the partner's mini-site, and a buyer sent by a partner's signed link. The rules
 * (another partner's reference, a bad signature, an old link, the limit) are the integration tests'
 * (tests/server/miniSite); these are the two ways in, as a buyer walks them. Beside them, the other ways a buyer
 * meets a cinema's own terms: one offline for sales (the offline-venue view, from what's on and from an address)
 * and one with a venue brand (its wording on the order's steps).
 */
const [TECHPLUS] = DEMO_PARTNERS

/** The servers' clock, as the server itself reads it (a link's age is judged by it, not by ours). */
const serverSeconds = async (request: APIRequestContext, presentationId: number): Promise<number> => {
  const detail = (await (
    await request.get(`/api/presentations/${presentationId}`)
  ).json()) as PresentationDetail
  return Math.floor(Date.parse(detail.serverTime) / 1000)
}

const linkTo = (ts: number, ret: string, secret: string = TECHPLUS.secret) =>
  `TS=${ts}&ret=${encodeURIComponent(ret)}&key=${signLink(secret, String(ts), ret)}`

/**
 * The offline-venue view of the journeys' own cinema offline for sales (src/server/db/seed/journeys.ts), in the
 * page's language, naming the cinema; it changes nothing: no seat is drawn, nothing is held.
 */
const expectOfflineVenue = async (page: Page, presentationId: number, lang: "he" | "en") => {
  await expect(page).toHaveURL(new RegExp(`/offline-venue/${presentationId}`))
  const view = page.getByTestId("offline-venue")
  await expect(view.getByRole("heading", { level: 1 })).toHaveText(
    (lang === "he" ? he : en).partners.offline.title,
  )
  await expect(view).toContainText(JOURNEY_OFFLINE_LOCATION.name[lang])
  await expect(page.locator("[data-testid='seat']")).toHaveCount(0)
}

/** The cinema that the family brand speaks for (locales/brands/family.json): its ticket step's own title. */
const familyTicketsTitle = { he: family.he.orderSteps.tickets.title, en: family.en.orderSteps.tickets.title }

test("Hebrew: a partner's buyer checks a reference, buys on the mini-site, and the order names the partner", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const presentation = await journeyPresentation(request, "mini-site/buy", testInfo)
  await page.goto(`/mini-site/${TECHPLUS.url}?lang=he`)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TECHPLUS.name.he)
  // the showings are listed one day at a time: the journey's is tomorrow morning's
  await page.getByLabel(he.whatsOn.days).selectOption(presentation.dateTime.slice(0, 10))
  const showing = page.locator(`[data-testid='partner-showing'][data-presentation='${presentation.id}']`)
  // no showing is open before the reference is checked
  await expect(showing.getByRole("button", { name: he.partners.buy })).toBeDisabled()
  await page.getByLabel(he.partners.reference1).fill("TP-1001")
  await page.getByRole("button", { name: he.partners.check }).click()
  await expect(page.getByTestId("reference-valid")).toContainText(he.partners.valid.split(":")[0] ?? "")
  await shot(page, "mini-site-he", testInfo.project.name)
  await showing.getByRole("link", { name: he.partners.buy }).click()

  const seatList = new SeatListPage(page)
  await page.locator("[data-testid='seat'][data-state='free']").first().waitFor()
  const run = await seatList.freeRun(1)
  const seat = run?.[0]
  if (seat === undefined) throw new Error("no free seat")
  await seatList.pickSeat(seat.row, seat.seat)
  await expect(seatList.seat(seat.row, seat.seat)).toHaveAttribute("data-state", "mine")
  const steps = new OrderStepsPage(page, "he")
  await steps.continue()
  await expect(page).toHaveURL(new RegExp(`/order/${presentation.id}/tickets`))
  // the partner's own price, its reference offered again from the mini-site
  await steps.chooseTicket(seat.row, seat.seat, TECHPLUS.tickets[0].name.he)
  await expect(page.getByLabel(he.orderSteps.tickets.reference1)).toHaveValue("TP-1001")
  await page.getByTestId("ticket-prompt").getByRole("button", { name: he.orderSteps.tickets.apply }).click()
  await expect(steps.total).toContainText("33.00")
  await detailsToPay(page, steps, presentation.id)
  const confirmation = await payAndConfirm(page, request, presentation.id, 1)
  // read back from the API: the order records the partner the server checked
  expect(confirmation.referralMiniSiteId).toBe(TECHPLUS.id)

  // the other new pages, in Hebrew on the phone
  const now = await serverSeconds(request, presentation.id)
  await page.goto(`/integration?${linkTo(now, "/", "not-the-partners-secret")}&lang=he`)
  await expect(page.getByTestId("integration-refused")).toContainText(he.partners.integration.title)
  await shot(page, "integration-refused-he", testInfo.project.name)
  // what's on, the day of the showing at the cinema offline for sales: its "Buy tickets" leads to the view
  const offline = journeyOfflinePresentationId(testInfo.project.name as JourneyProject)
  await page.goto(`/?lang=he&date=${presentation.dateTime.slice(0, 10)}`)
  await page.locator(`[data-presentation='${offline}'] a[href*='/order/${offline}/']`).click()
  await expectOfflineVenue(page, offline, "he")
  await shot(page, "offline-venue-he", testInfo.project.name)
})

test("English: a partner's signed link opens the order, which carries its integration id", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000)
  const id = journeyPresentationId("mini-site/buy", "desktop")
  const now = await serverSeconds(request, id)
  const asked = page.waitForRequest(
    (r) => r.url().includes(`/api/presentations/${id}?`) && r.url().includes("integrationId="),
  )
  await page.goto(`/integration?${linkTo(now, `/order/${id}`)}&lang=en`)
  await expect(page).toHaveURL(new RegExp(`/order/${id}/seats`))
  await asked
  await expect(page.locator("[data-testid='seat']").first()).toBeVisible()
  // an old link: refused, with the spec's integration data error
  const old = linkTo(now - 3600, `/order/${id}`)
  await page.goto(`/integration?${old}&lang=en`)
  await expect(page.getByTestId("integration-refused")).toContainText(en.partners.integration.title)

  // the new pages in English on a phone, for a person to look at
  const phone = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
  })
  const small = await phone.newPage()
  await small.goto(`/mini-site/${TECHPLUS.url}?lang=en`)
  await expect(small.getByRole("heading", { level: 1 })).toHaveText(TECHPLUS.name.en)
  await shot(small, "mini-site-en", "phone")
  await small.goto(`/integration?${old}&lang=en`)
  await expect(small.getByTestId("integration-refused")).toBeVisible()
  await shot(small, "integration-refused-en", "phone")
  // a seat step's address at the cinema offline for sales, opened directly
  const offline = journeyOfflinePresentationId(testInfo.project.name as JourneyProject)
  await small.goto(`/order/${offline}/seats?lang=en`)
  await expectOfflineVenue(small, offline, "en")
  await shot(small, "offline-venue-en", "phone")
  await phone.close()
})

test("a branded cinema's order speaks its brand: the family cinema's ticket step, in Hebrew and in English", async ({
  page,
  request,
}, testInfo) => {
  const presentation = await journeyPresentation(request, "brand/family", testInfo)
  expect(presentation.locationBrand).toBe("family")
  await holdBestAndContinue(page, presentation.id, 1, "he")
  const title = page.getByRole("heading", { level: 1 })
  await expect(title).toHaveText(familyTicketsTitle.he)
  expect(familyTicketsTitle.he).not.toBe(he.orderSteps.tickets.title)
  await shot(page, "brand-family-tickets-he", testInfo.project.name)
  await page.goto(`/order/${presentation.id}/tickets?lang=en`)
  await expect(title).toHaveText(familyTicketsTitle.en)
  await shot(page, "brand-family-tickets-en", testInfo.project.name)
})
