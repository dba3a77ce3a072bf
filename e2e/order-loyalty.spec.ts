import en from "../locales/en.json" with { type: "json" }
import { DEMO_MEMBER_SSN } from "../src/server/db/seed/codes.ts"
import { expect, test } from "./fixtures.ts"
import { detailsToPay, holdBestAndContinue, payAndConfirm } from "./order-journeys.ts"
import { fill } from "./pages/order-steps-page.ts"
import { journeyPresentation, ownMember } from "./presentations.ts"

/**
 * A club member logs in on the ticket screen with their member number and ID number (param 64; spec §6 "with
 * SSN"), pays a ticket with loyalty points (capped by the balance), and the order is paid with the service charge
 * alone. Each project logs in as its own copy of the demo member 90000001 (1,000 points), whose points only it
 * spends; the copy belongs to the demo customer, whose ID number is DEMO_MEMBER_SSN.
 */

test("English: a member logs in by member number and ID number and pays a ticket with points", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const presentation = await journeyPresentation(request, "order-loyalty", testInfo)
  const steps = await holdBestAndContinue(page, presentation.id, 1, "en")

  const login = page.getByTestId("loyalty-login")
  const number = login.getByLabel(en.orderSteps.tickets.memberNumber)
  const idNumber = login.getByLabel(en.orderSteps.loyalty.ssn)
  // the member's own number with someone else's ID number: the same answer as an unknown number
  await number.fill(ownMember("order-loyalty", testInfo))
  await idNumber.fill("500000021")
  await login.getByRole("button").click()
  await expect(page.getByTestId("loyalty-problem")).toHaveText(en.orderSteps.loyalty.notFound)
  await idNumber.fill(DEMO_MEMBER_SSN)
  await login.getByRole("button").click()
  const member = page.getByTestId("loyalty-member")
  await expect(member).toContainText(/\d+ points/)

  const points = page.getByTestId("pay-with-points")
  await expect(points).toContainText(fill(en.orderSteps.tickets.payWithPoints, { points: 470 }))
  // the box follows the cart log, which answers a moment after the click
  await points.getByRole("checkbox").click()
  await expect(points.getByRole("checkbox")).toBeChecked()
  await expect(page.getByTestId("loyalty-points-left")).toContainText("470")

  await detailsToPay(page, steps, presentation.id)
  const confirmation = await payAndConfirm(page, request, presentation.id, 1)
  // the points paid the ticket; the service charge was paid by card
  expect(confirmation.tickets[0]?.price).toBe(0)
  expect(confirmation.total).toBe(confirmation.serviceCharge)
})
