import ar from "../locales/ar.json" with { type: "json" }
import { buyer } from "./buyers.ts"
import { expect, test } from "./fixtures.ts"
import { expectArabic, gaAvailable, payAndConfirm, shot } from "./order-journeys.ts"
import { OrderStepsPage } from "./pages/order-steps-page.ts"
import { journeyPresentation } from "./presentations.ts"

test("English: a general-admission showing asks for a quantity, the server picks the places, paid to the confirmation", async ({
  page,
  request,
}, testInfo) => {
  const presentation = await journeyPresentation(request, "order-ga", testInfo)
  expect(presentation.seatingMode).toBe("singleGA")
  test.setTimeout(120_000)
  const available = await gaAvailable(request, presentation.id)
  // /order/{id} opens the order at its first screen
  await page.goto(`/order/${presentation.id}?lang=en`)
  await expect(page).toHaveURL(new RegExp(`/order/${presentation.id}/seats\\?lang=en`))
  const ga = page.getByTestId("ga-quantity")
  await expect(ga.getByRole("heading")).toHaveText("General admission")
  // no map and no seat list for a hall without numbered seats
  await expect(page.getByTestId("seat")).toHaveCount(0)
  await expect(page.getByTestId("human-check")).toHaveCount(0)

  await ga.getByLabel("Number of places").selectOption("3")
  await ga.getByRole("button", { name: "Hold places" }).click()
  const basket = page.getByTestId("basket")
  await expect(basket.getByRole("listitem")).toHaveCount(3)
  await expect(basket.getByRole("timer")).toHaveText(/^\d+:\d{2}$/)

  const steps = new OrderStepsPage(page, "en")
  await steps.continue()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose tickets")
  await expect(steps.ticketSeats).toHaveCount(3)
  // first-ticket auto-select has priced every place
  await expect
    .poll(async () => (await steps.summaryLines()).filter((line) => line.includes("₪")).length)
    .toBe(3)

  // issue 19: the same order in Arabic (enabled by configuration, playwright.config.ts) is right to left with no
  // English left, its demo data included, from the places held on to the buyer's details
  await page.goto(`/order/${presentation.id}/seats?lang=ar`)
  await expectArabic(page, ar.orderSteps.ga.title)
  await steps.continue()
  await expectArabic(page, ar.orderSteps.tickets.title)
  await expect(steps.ticketSeats).toHaveCount(3)
  await steps.continue()
  await expectArabic(page, ar.orderSteps.products.title)
  await steps.continue()
  await expectArabic(page, ar.orderSteps.customer.title)

  await page.goto(`/order/${presentation.id}/customer?lang=en`)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your details")
  await steps.fillCustomer(buyer("dana", "en"))
  await steps.acceptTerms()
  await steps.continue()
  await expect(page).toHaveURL(new RegExp(`/order/${presentation.id}/pay\\?lang=en`))

  const confirmation = await payAndConfirm(page, request, presentation.id, 3)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(steps.texts.payment.confirmation.title)
  expect(confirmation.tickets.every((ticket) => ticket.RowName === null)).toBe(true)
  // the three places are sold: gone from what any other buyer can take
  expect(await gaAvailable(request, presentation.id)).toBeLessThanOrEqual(available - 3)
  await shot(page, "confirmation-en-ga", testInfo.project.name)
})
