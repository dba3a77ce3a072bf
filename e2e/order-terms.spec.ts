import he from "../locales/he.json" with { type: "json" }
import { buyer } from "./buyers.ts"
import { expect, test } from "./fixtures.ts"
import { holdBestAndContinue, payAndConfirm, shot, toCustomerStep } from "./order-journeys.ts"
import { journeyPresentation } from "./presentations.ts"

/**
 * Terms (issue 13, defects 1, 3 and 13): the customer step asks the promotion's term, the pay step asks the
 * terms of purchase, once; each links to its own page; the commit carries both answers to the server.
 */
test("Hebrew: the terms are asked once, each links to its text, and the commit carries the answers", async ({
  page,
  request,
}, testInfo) => {
  // a whole order with two extra tabs: longer than one journey on a loaded 2-core machine
  test.setTimeout(240_000)
  const presentation = await journeyPresentation(request, "order-terms/he", testInfo)
  const steps = await holdBestAndContinue(page, presentation.id, 1, "he")
  await toCustomerStep(steps, presentation.id)

  // the customer step asks the promotion's term and the mailing consent (off by the site's flag), not the terms
  const termsGroup = page.getByRole("group", { name: he.orderSteps.customer.termsTitle })
  await expect(termsGroup.getByRole("checkbox")).toHaveCount(2)
  await expect(
    termsGroup.getByRole("checkbox", { name: he.orderSteps.customer.summerPromo }),
  ).not.toBeChecked()
  await expect(termsGroup.getByRole("checkbox", { name: he.orderSteps.customer.mailing })).not.toBeChecked()
  await shot(page, "terms-customer-he", testInfo.project.name)

  // the promotion's term links to its own page, in the buyer's language, in a new tab
  const promoPage = page.context().waitForEvent("page")
  await page.getByTestId("terms-link-SUMMER_PROMO").click()
  const promo = await promoPage
  await expect(promo).toHaveURL(/\/terms\/SUMMER_PROMO\?lang=he/)
  await expect(promo.getByRole("heading", { level: 1 })).toHaveText(he.terms.pages.SUMMER_PROMO.title)
  await expect(promo.getByText(he.terms.pages.SUMMER_PROMO.p1)).toBeVisible()
  await expect(promo.locator("html")).toHaveAttribute("dir", "rtl")
  await shot(promo, "terms-page-he", testInfo.project.name)
  await promo.close()

  await steps.fillCustomer(buyer("dana", "he"))
  await steps.acceptTerms()
  await steps.continue()
  await expect(page).toHaveURL(new RegExp(`/order/${presentation.id}/pay`))

  // the pay step asks the terms of purchase (not pre-ticked), with its own page
  await expect(page.getByTestId("terms")).not.toBeChecked()
  await expect(page.getByTestId("terms-link-purchase")).toHaveAttribute("href", /\/terms\/purchase\?lang=he/)
  await shot(page, "terms-pay-he", testInfo.project.name)

  const commit = page.waitForRequest((r) => r.url().endsWith("/api/payment/commit") && r.method() === "POST")
  const confirmation = payAndConfirm(page, request, presentation.id, 1)
  expect((await commit).postDataJSON()).toMatchObject({
    termsAccepted: true,
    additionalTerms: ["SUMMER_PROMO"],
    invoice: null,
  })
  await confirmation
})

test("English: a terms page reads in English, and an unknown one says so", async ({ page }, testInfo) => {
  await page.goto("/terms/purchase?lang=en")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of purchase")
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr")
  await shot(page, "terms-page-en", testInfo.project.name)
  await page.goto("/terms/NO_SUCH_TERM?lang=en")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms not found")
})
