import type { Page } from "@playwright/test"
import { buyer } from "./buyers.ts"
import { expect, onlyOn, test } from "./fixtures.ts"
import { shot } from "./order-journeys.ts"
import { OrderStepsPage } from "./pages/order-steps-page.ts"
import { PayPage } from "./pages/pay-page.ts"
import { SeatListPage } from "./pages/seat-list-page.ts"
import { journeyPresentation } from "./presentations.ts"

/**
 * Issue 16, spec §4 basket: a buyer keeps a showing, adds another from the basket, and pays both in one order; the
 * confirmation lists both showings, as the server answers them.
 */

/** Best available for `quantity` seats on the open seat screen; waits for this showing's basket lines. */
const holdBest = async (page: Page, quantity: number) => {
  const best = page.getByTestId("best-pick")
  await best.getByRole("combobox").selectOption(String(quantity))
  await best.getByRole("button").click()
  await expect(page.getByTestId("held-seats").getByRole("listitem")).toHaveCount(quantity)
}

test("two showings in one order: add a showing in the basket, pay once, both on the confirmation", async ({
  page,
  request,
}, testInfo) => {
  onlyOn(testInfo, "phone")
  // two seat screens, three steps and a payment: a longer journey than most
  test.setTimeout(90_000)
  // a phone in Hebrew (right to left), a desktop in English: the basket and the confirmation in both
  const lang = testInfo.project.name === "phone" ? "he" : "en"
  const first = await journeyPresentation(request, "multi-showing/first", testInfo)
  const second = await journeyPresentation(request, "multi-showing/second", testInfo)
  const seats = new SeatListPage(page)
  await seats.open(first.id, lang)
  await holdBest(page, 2)

  // "add another showing" leads to what's on; the showing opened next joins the order
  await page.getByTestId("add-showing").click()
  await expect(page).toHaveURL(/\/(\?|$)/)
  await seats.open(second.id, lang)
  const other = page.getByTestId("other-showing")
  await expect(other).toHaveCount(1)
  const named = await request.get(`/api/presentations/${first.id}`, { params: { lang } })
  await expect(other).toContainText(
    ((await named.json()) as { presentation: { featureName: string } }).presentation.featureName,
  )
  await holdBest(page, 1)
  await shot(page, "multi-showing-basket", testInfo.project.name)

  // the tickets of this showing, then of the first one (its seats still need theirs), then on as usual
  const steps = new OrderStepsPage(page, lang)
  await steps.continue()
  await steps.expectStep(second.id, "tickets")
  await expect(steps.ticketSeats).toHaveCount(1)
  await steps.confirmSpecialSeats()
  await steps.continue()
  await steps.expectStep(first.id, "tickets")
  await expect(steps.ticketSeats).toHaveCount(2)
  await steps.confirmSpecialSeats()
  await steps.continue()
  await steps.expectStep(first.id, "products")
  // the summary counts every showing's seats
  await expect.poll(async () => (await steps.summaryLines()).filter((l) => l.includes("₪")).length).toBe(3)
  await steps.continue()
  await steps.expectStep(first.id, "customer")
  await steps.fillCustomer(buyer("dana", lang))
  await steps.acceptTerms()
  await steps.continue()
  await expect(page).toHaveURL(new RegExp(`/order/${first.id}/pay`))

  const pay = new PayPage(page)
  await pay.payByCard()
  await expect(page.getByTestId("showing-heading")).toHaveCount(2)
  await shot(page, "multi-showing-confirmation", testInfo.project.name)
  const confirmation = await pay.confirmationOf(request)
  expect(confirmation.status).toBe("paid")
  expect(confirmation.showings?.map((s) => s.id)).toEqual([first.id, second.id])
  expect(confirmation.tickets.map((t) => t.presentationId).sort()).toEqual(
    [first.id, first.id, second.id].sort(),
  )
})

test("removing a showing from the basket releases its seats and keeps the other", async ({
  page,
  request,
}, testInfo) => {
  onlyOn(testInfo, "desktop")
  const lang = "en"
  const first = await journeyPresentation(request, "multi-showing/remove-first", testInfo)
  const second = await journeyPresentation(request, "multi-showing/remove-second", testInfo)
  const seats = new SeatListPage(page)
  await seats.open(second.id, lang)
  await holdBest(page, 1)
  await page.getByTestId("add-showing").click()
  await expect(page).toHaveURL(/\/(\?|$)/)
  await seats.open(first.id, lang)
  await holdBest(page, 1)
  const token = await seats.cartToken()
  const mine = async () => {
    const answer = await request.get("/api/seats/seats-statusV2", {
      params: { presentationId: second.id },
      headers: { "x-cart-token": token ?? "" },
    })
    return ((await answer.json()) as { seats: ReadonlyArray<{ isSelected: boolean }> }).seats.filter(
      (s) => s.isSelected,
    ).length
  }
  expect(await mine()).toBe(1)
  await page.getByTestId("remove-showing").click()
  await expect(page.getByTestId("other-showing")).toHaveCount(0)
  await expect.poll(mine).toBe(0)
  // this showing's seat stays held in the basket
  await expect(page.getByTestId("held-seats").getByRole("listitem")).toHaveCount(1)
})
