import type { Page } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import type { CustomerAreaData } from "../src/api/CustomerAreaApi.ts"
import type { EnrolMembership } from "../src/api/EnrolApi.ts"
import { ENROL_MEMBERSHIP_ID } from "../src/server/db/seed/enrolmentSeason.ts"
import {
  JOURNEY_ENROL_MOBILES,
  type JourneyProject,
  journeyEnrolMember,
} from "../src/server/db/seed/journeys.ts"
import { expect, test } from "./fixtures.ts"
import { signInBySms } from "./inbox.ts"
import { PayPage } from "./pages/pay-page.ts"
import { screenshotsWanted } from "./screenshots.ts"
import { walletHolds } from "./wallet.ts"

/**
 * Season enrolment (issue 16) on the demo season (src/server/db/seed/enrolmentSeason.ts) by the journey's own member
 * (journeys.ts `JOURNEY_ENROL_MOBILES`): sign in, the member seat, the default ticket type, one optional showing
 * added (15.00 to pay), its seat, the details, Pay and enrol by card on the provider's page, the enrolment's own
 * return page, and the confirmation, read back from `GET /api/enroll/1` and the customer area (its sold tickets). The
 * suite runs it in Hebrew on the phone and in English on the desktop, each project with its own member;
 * `npm run screenshots` shoots every step in both languages (scratch/shots/enrol-<locale>-<project>-<step>.png).
 */

const SHOTS = process.env.ENROL_SHOTS ?? "scratch/shots"

/** Every step in both languages, for a person to look at (screenshots runs only). */
const shoot = async (page: Page, project: JourneyProject, step: string) => {
  if (!screenshotsWanted) return
  const url = new URL(page.url())
  for (const locale of ["he", "en"]) {
    url.searchParams.set("lang", locale)
    await page.goto(url.toString())
    await expect(page.getByTestId(/^enrol-(choose|customer|confirmation)/)).toBeVisible({ timeout: 30_000 })
    await page
      .getByTestId("seat")
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined)
    await page.screenshot({ path: `${SHOTS}/enrol-${locale}-${project}-${step}.png`, fullPage: true })
  }
}

/** The payment return page when its order is not the member's (its problem state), in both languages. */
const shootReturnPage = async (page: Page, project: JourneyProject) => {
  for (const locale of ["he", "en"]) {
    await page.goto(
      `/enrol/${ENROL_MEMBERSHIP_ID}/payment-return?paymentId=pay_x&reservationIdentifier=0&lang=${locale}`,
    )
    await expect(page.getByTestId("enrol-return-problem")).toBeVisible({ timeout: 30_000 })
    await page.screenshot({ path: `${SHOTS}/enrol-${locale}-${project}-payment-return.png`, fullPage: true })
  }
}

// Hebrew on the phone, English on the desktop (e2e/fixtures.ts `oneViewportPerLanguage`); screenshots runs both
// projects, each journey shooting every step in both languages, so each project still enrols its member once
for (const language of ["Hebrew", "English"] as const)
  test(`${language}: a member enrols in a season, choosing showings and seats`, async ({
    page,
    request,
  }, testInfo) => {
    const project = testInfo.project.name as JourneyProject
    test.skip(
      screenshotsWanted && project !== (language === "Hebrew" ? "phone" : "desktop"),
      "one run per project",
    )
    test.setTimeout(screenshotsWanted ? 400_000 : 150_000)
    const locale = language === "Hebrew" ? "he" : "en"
    const texts = locale === "he" ? he : en
    const mobile = JOURNEY_ENROL_MOBILES[project]
    const base = `/enrol/${ENROL_MEMBERSHIP_ID}`
    const back = async () => {
      // the screenshots switched languages: the journey goes on in its own
      const url = new URL(page.url())
      url.searchParams.set("lang", locale)
      await page.goto(url.toString())
    }

    // signed out: the enrolment asks to sign in (a member enrols)
    await page.goto(`${base}/seats?lang=${locale}`)
    await signInBySms(page, request, mobile)

    // chooseSeats: the member seat (desktop takes the first free seat, phone the last: they never race)
    const step = page.getByTestId("enrol-seat-step")
    await expect(step.getByTestId("seat").first()).toBeVisible({ timeout: 30_000 })
    const free = step.locator("[data-testid='seat'][data-state='free']")
    await (project === "phone" ? free.last() : free.first()).click()
    await expect(page.getByTestId("enrol-chosen-seat")).not.toHaveText(texts.enrol.noSeatYet, {
      timeout: 30_000,
    })
    await shoot(page, project, "seats")
    await back()
    await page.getByTestId("enrol-continue").click()

    // chooseTickets: the default group's ticket is chosen already
    await expect(page.getByTestId("enrol-chooseTickets")).toBeVisible()
    await expect(page.locator("input[name='enrol-ticket']:checked")).toHaveCount(1)
    await shoot(page, project, "tickets")
    await back()
    await page.getByTestId("enrol-continue").click()

    // choosePresentations: the required showing is in; the third (15.00 to pay) is added
    await expect(page.getByTestId("enrol-choosePresentations")).toBeVisible()
    const boxes = page.locator("input[type='checkbox'][data-testid^='enrol-presentation-']")
    await expect(boxes.first()).toBeChecked()
    await expect(boxes.first()).toBeDisabled()
    await boxes.nth(2).check()
    await shoot(page, project, "presentations")
    await back()
    await page.getByTestId("enrol-continue").click()

    // choosePresentationsSeats: a seat in the added showing
    await expect(page.getByTestId("enrol-choosePresentationsSeats")).toBeVisible()
    await expect(step.getByTestId("seat").first()).toBeVisible({ timeout: 30_000 })
    await (project === "phone" ? free.last() : free.first()).click()
    await expect(page.getByTestId("enrol-chosen-seat")).not.toHaveText(texts.enrol.noSeatYet, {
      timeout: 30_000,
    })
    await shoot(page, project, "presentation-seats")
    await back()
    await page.getByTestId("enrol-continue").click()

    // customerInfo: the profile's details, an e-mail, the terms, Enrol
    await expect(page.getByTestId("enrol-customerInfo")).toBeVisible()
    await expect(page.getByTestId("enrol-mobile")).toHaveValue(mobile, { timeout: 30_000 })
    await page.getByTestId("enrol-email").fill(`enrol.${project}@example.test`)
    await page.getByTestId("terms").check()
    await shoot(page, project, "customer")
    if (screenshotsWanted) {
      await back()
      await page.getByTestId("enrol-email").fill(`enrol.${project}@example.test`)
      await page.getByTestId("terms").check()
    }
    await expect(page.getByTestId("enrol-submit")).toContainText("15.00")
    await page.getByTestId("enrol-submit").click()

    // paid by card on the provider's page, back on the enrolment's own return page, then its confirmation
    await new PayPage(page).payOnProviderPage("4580 0000 0000 0000")
    await expect(page).toHaveURL(new RegExp(`${base}/confirmation`), { timeout: 30_000 })
    const confirmation = page.getByTestId("enrol-result")
    await expect(confirmation).toHaveAttribute("data-status", "paid", { timeout: 30_000 })
    await expect(page.getByTestId("enrol-seat-line")).toHaveCount(2)
    await expect(page.getByTestId("enrol-edocument")).toBeVisible()
    // its e-tickets are in the device's wallet at the confirmation, before they are opened (issue 17)
    const documentKey = ((await page.getByTestId("enrol-edocument").getAttribute("href")) ?? "")
      .split("?")[0]
      ?.split("/")
      .pop()
    await expect.poll(() => walletHolds(page, documentKey ?? "")).toBe(true)
    await shoot(page, project, "confirmation")

    // read back from the API as the signed-in member
    const uuid = await page.evaluate(
      () => (JSON.parse(localStorage.getItem("marquee.customer") ?? "{}") as { uuid?: string }).uuid ?? "",
    )
    const answer = await request.get(`/api/enroll/${ENROL_MEMBERSHIP_ID}?lang=en`, { headers: { uuid } })
    expect(answer.ok()).toBe(true)
    const offer = (await answer.json()) as EnrolMembership
    expect(offer.memberNumber).toBe(journeyEnrolMember(project))
    const enrolled = offer.seasons[0]?.enrolled
    expect(enrolled).toMatchObject({ status: "paid" })
    expect(enrolled?.seats).toHaveLength(2)
    await expect(page.getByTestId("enrol-identifier")).toContainText(enrolled?.reservationIdentifier ?? "?")
    // its tickets are sold tickets: the customer area lists them with the order
    const area = await request.get("/api/customer-area/customerAreaData?lang=en", { headers: { uuid } })
    const reservation = ((await area.json()) as CustomerAreaData).reservations.find(
      (r) => r.reservationIdentifier === enrolled?.reservationIdentifier,
    )
    expect(reservation?.state).toBe("active")
    expect(reservation?.tickets).toHaveLength(2)

    // in the area, cancelling the ticket of a showing the season requires would cancel the whole enrolment: the
    // dialog says so with the quote, before anything is confirmed (the customer keeps the tickets here)
    await page.goto(`/customer?lang=${locale}`)
    const card = page.locator(
      `[data-testid="reservation"][data-reservation="${reservation?.reservationIdentifier}"]`,
    )
    await card.getByTestId("cancel-reservation").click()
    const dialog = page.getByTestId("cancel-dialog")
    const cancelBoxes = dialog.getByTestId("cancel-ticket")
    await expect(cancelBoxes).toHaveCount(2)
    const widens: Array<boolean> = []
    for (const only of [0, 1]) {
      await cancelBoxes.nth(only).check()
      await cancelBoxes.nth(1 - only).uncheck()
      await expect(dialog.getByTestId("cancel-refund")).toBeVisible()
      widens.push(await dialog.getByTestId("cancel-whole-enrolment").isVisible())
    }
    expect(widens).toContain(true)
    await cancelBoxes.nth(widens.indexOf(true)).check()
    await cancelBoxes.nth(1 - widens.indexOf(true)).uncheck()
    await expect(dialog.getByTestId("cancel-whole-enrolment")).toHaveText(
      texts.customerArea.cancel.wholeEnrolment,
    )
    if (screenshotsWanted)
      await page.screenshot({ path: `${SHOTS}/enrol-${locale}-${project}-cancel-whole-enrolment.png` })
    await dialog.getByRole("button", { name: texts.customerArea.cancel.keep }).click()
    await expect(dialog).toBeHidden()
    await expect(card).toHaveAttribute("data-state", "active")
    if (screenshotsWanted) await shootReturnPage(page, project)
  })
