import { mkdirSync } from "node:fs"
import type { Page } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import { type JourneyProject, journeyVodPresentationId } from "../src/server/db/seed/journeys.ts"
import { test as base, expect } from "./fixtures.ts"
import { detailsToPay, holdBestAndContinue } from "./order-journeys.ts"
import { chooseOwnDonation, donorDetails } from "./pages/donation-steps.ts"
import { PayPage } from "./pages/pay-page.ts"
import { journeyPresentation } from "./presentations.ts"

/**
 * Not a test: `npm run screenshots` walks a two-seat order in Hebrew and English on both viewports and saves a
 * full-page picture of every step (seats, tickets, extras, details, pay, the provider's page, confirmation) in
 * scratch/shots/steps, to be looked at before a screen changes hands; then the screens of issue 16's orders without
 * a showing in both languages on both viewports (the journeys picture each in one language a viewport): vouchers,
 * donations to their confirmation, food, and "Watch now" (memberships and enrolment picture all four themselves:
 * e2e/membership-journeys.spec.ts, e2e/enrolment.spec.ts). Skipped unless SCREENSHOTS is set, so `npm test` never
 * spends time on it.
 */
const test = base
test.skip(process.env.SCREENSHOTS === undefined, "npm run screenshots takes the step pictures")

const DIR = "scratch/shots/steps"
mkdirSync(DIR, { recursive: true })

const snap = (page: Page, lang: string, project: string, step: number, name: string) =>
  page.screenshot({ path: `${DIR}/${lang}-${project}-${step}-${name}.png`, fullPage: true })

for (const lang of ["he", "en"] as const) {
  test(`every step of an order in ${lang}`, async ({ page, request }, testInfo) => {
    test.setTimeout(180_000)
    const project = testInfo.project.name
    const presentation = await journeyPresentation(request, `step-screenshots/${lang}`, testInfo)
    const steps = await holdBestAndContinue(page, presentation.id, 2, lang)
    await page.goBack()
    await expect(page).toHaveURL(new RegExp(`/order/${presentation.id}/seats`))
    await expect(page.getByTestId("basket")).toBeVisible()
    await snap(page, lang, project, 1, "seats")
    // and what the screen shows with the map in view: a full-page picture puts the sticky basket elsewhere
    await page.getByTestId("seat-map").scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${DIR}/${lang}-${project}-1-seats-in-view.png` })
    await steps.continue()
    await expect(steps.ticketSeats).toHaveCount(2)
    await snap(page, lang, project, 2, "tickets")
    await steps.confirmSpecialSeats()
    await steps.continue()
    await steps.expectStep(presentation.id, "products")
    await snap(page, lang, project, 3, "products")
    await page.goBack()
    await detailsToPay(page, steps, presentation.id)
    // the card method's sign-in for saved cards, opened, so the picture shows it
    await page.getByTestId("login-open").click()
    await snap(page, lang, project, 5, "pay")
    await page.goBack()
    await steps.expectStep(presentation.id, "customer")
    await snap(page, lang, project, 4, "customer")
    await page.goForward()
    const pay = new PayPage(page)
    await expect(pay.payButton).toBeEnabled()
    await pay.terms.check()
    await pay.payButton.click()
    await expect(page).toHaveURL(/\/sandbox\//, { timeout: 30_000 })
    await snap(page, lang, project, 6, "provider")
    await page.locator("input[name='cardNumber']").fill("4580 0000 0000 0000")
    await page.locator("input[name='expiry']").fill("12/30")
    await page.locator("input[name='cvv']").fill("123")
    await pay.providerAction("pay").click()
    await expect(pay.confirmation).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId("order-qr")).toBeVisible()
    await snap(page, lang, project, 7, "confirmation")
  })
}

for (const lang of ["he", "en"] as const) {
  test(`every screen of the orders without a showing in ${lang}`, async ({ page }, testInfo) => {
    test.setTimeout(180_000)
    const project = testInfo.project.name
    const t = lang === "he" ? he : en
    const query = lang === "he" ? "" : `?lang=${lang}`
    const shot = (name: string) =>
      page.screenshot({ path: `${DIR}/${lang}-${project}-shop-${name}.png`, fullPage: true })

    await page.goto(`/vouchers${query}`)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.shop.vouchers.title, {
      timeout: 30_000,
    })
    await shot("vouchers-types")
    await page.getByTestId("voucher-type").first().click()
    await expect(page).toHaveURL(/\/vouchers\/1/)
    await page.getByTestId("continue").click()
    await expect(page.getByTestId("shop-problem")).toHaveText(t.shop.noneSelected.vouchers)
    await page.getByTestId("voucher-amount").fill("20")
    await expect(page.getByTestId("voucher-amount-problem")).toBeVisible()
    await shot("vouchers-open-price-refused")
    await page.getByTestId("voucher-amount").fill("150")
    await page.getByTestId("voucher-quantity").getByRole("button").last().click()
    await expect(page.getByTestId("voucher-quantity-value")).toHaveText("1")
    await shot("vouchers-open-price")
    await page.goto(`/vouchers/2${query}`)
    await expect(page.getByTestId("voucher-price")).toHaveCount(2)
    await shot("vouchers-fixed")
    await page.goto(`/vouchers/3${query}`)
    await expect(page.getByTestId("voucher-customer-service")).toContainText(t.shop.vouchers.customerService)
    await shot("vouchers-customer-service")

    await page.goto(`/donate${query}`)
    await chooseOwnDonation(page, lang, () => shot("donations-refused"))
    await shot("donations-choose")
    await page.getByTestId("continue").click()
    await donorDetails(page, lang, () => shot("donations-customer"))
    await shot("donations-pay")
    const pay = new PayPage(page)
    await pay.payByCard()
    await shot("donations-confirmation")

    await page.goto(`/food${query}`)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.shop.food.title)
    const cinema = page.getByTestId("food-cinema")
    const chosen = await cinema.locator("option:not([disabled])").first().getAttribute("value")
    await cinema.selectOption(chosen ?? "")
    const first = page.getByTestId("food-product").first()
    await first.getByTestId("food-quantity").getByRole("button").last().click()
    await expect(first.getByTestId("food-quantity-value")).toHaveText("1")
    await shot("food-choose")

    await page.goto(`/watch/${journeyVodPresentationId(project as JourneyProject)}?lang=${lang}`)
    await expect(page.getByTestId("watch-page")).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId("vod-price")).toBeVisible()
    await shot("vod-watch")
  })
}
