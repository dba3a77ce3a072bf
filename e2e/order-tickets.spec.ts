import type { PresentationDetail } from "../src/api/PresentationEntities.ts"
import { formatMoney } from "../src/app/i18n/format.ts"
import { bookingCharges } from "../src/domain/pricing/serviceCharge.ts"
import { test as base, expect } from "./fixtures.ts"
import { payAndConfirm, shot } from "./order-journeys.ts"
import { fill, OrderStepsPage } from "./pages/order-steps-page.ts"
import { SeatListPage } from "./pages/seat-list-page.ts"
import { journeyPresentation } from "./presentations.ts"

const test = base.extend<{ seatList: SeatListPage }>({
  seatList: async ({ page }, use) => {
    await use(new SeatListPage(page))
  },
})

test("Hebrew: two seats, two ticket types, extras and the buyer's details, paid to the confirmation", async ({
  page,
  request,
  seatList,
}, testInfo) => {
  // the issue names the phone viewport; the desktop run gives the same journey's wide layout
  test.setTimeout(120_000)
  // two neighbouring seats at the start of a free run of four or more (no single seat left on either side), in
  // the journey's own empty hall
  const presentation = await journeyPresentation(request, "order-tickets", testInfo)
  await seatList.open(presentation.id)
  // the statuses may arrive after the seats are drawn: let a free seat show before judging the hall
  await page.locator("[data-testid='seat'][data-state='free']").first().waitFor()
  const run = await seatList.freeRun(2)
  if (run === null) throw new Error("no free run of four seats")
  const [first, second] = run
  if (first === undefined || second === undefined) throw new Error("no free run of four seats")
  await seatList.pickSeat(first.row, first.seat)
  await expect(seatList.seat(first.row, first.seat)).toHaveAttribute("data-state", "mine")
  await seatList.pickSeat(second.row, second.seat)
  await expect(seatList.seat(second.row, second.seat)).toHaveAttribute("data-state", "mine")
  await expect
    .poll(() => seatList.heldSeats())
    .toEqual([seatList.heldSeatText(first.row, first.seat), seatList.heldSeatText(second.row, second.seat)])

  const steps = new OrderStepsPage(page, "he")
  await steps.continue()
  await expect(page).toHaveURL(new RegExp(`/order/${presentation.id}/tickets`))
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("בחירת כרטיסים")
  await expect(steps.ticketSeats).toHaveCount(2)
  // first-ticket auto-select gave both seats the regular ticket
  await expect(steps.ticketChooser(first.row, first.seat)).toHaveValue(/\d+/)
  await steps.chooseTicket(second.row, second.seat, "ילד")
  await expect
    .poll(() => steps.summaryLines())
    .toEqual([
      `${fill(steps.texts.order.basket.seat, { row: first.row, seat: first.seat })} רגיל · ‏47.00 ‏₪`,
      `${fill(steps.texts.order.basket.seat, { row: second.row, seat: second.seat })} ילד · ‏39.00 ‏₪`,
    ])
  // ₪47 + ₪39, the service charge of ₪5 on each ticket, and the location's booking fee if it has one
  const detail = (await (
    await request.get(`/api/presentations/${presentation.id}`)
  ).json()) as PresentationDetail
  const fees = bookingCharges(detail.serviceCharge, 8600, 2).reduce((sum, line) => sum + line.amount, 0)
  await expect(page.getByTestId("service-charge")).toHaveText(formatMoney(1000, "he"))
  await expect(steps.total).toHaveText(formatMoney(9600 + fees, "he"))
  await expect(steps.timer).toHaveText(/^\d+:\d{2}$/)
  await steps.confirmSpecialSeats()
  await steps.continue()

  await steps.expectStep(presentation.id, "products")
  await steps.addProduct("פופקורן קטן")
  await expect(steps.total).toHaveText(formatMoney(9600 + fees + 1900, "he"))
  await steps.continue()

  await steps.expectStep(presentation.id, "customer")
  // nothing filled in: every required field says so, next to itself
  await steps.continue()
  await expect(steps.problem).toHaveText("נא לוודא שכל השדות מולאו כראוי")
  await expect(steps.field("firstName")).toHaveAttribute("aria-invalid", "true")
  await expect(page.getByTestId("error-firstName")).toHaveText("השדה שם פרטי הינו שדה חובה")
  await steps.expectStep(presentation.id, "customer")

  await steps.fillCustomer({
    firstName: "נועה",
    lastName: "כהן",
    email: "noa@example.com",
    emailConfirm: "noa@example.com",
    mobileNumber: "+972 52-123-4567",
    mobileConfirm: "052-1234567",
  })
  await steps.acceptTerms()
  await steps.continue()
  await expect(page).toHaveURL(new RegExp(`/order/${presentation.id}/pay`))
  // the cart log kept the buyer, with the +972 number in its local form
  await page.goto(`/order/${presentation.id}/customer`)
  await expect(steps.field("mobileNumber")).toHaveValue("0521234567")
  await expect(steps.field("firstName")).toHaveValue("נועה")

  await page.goto(`/order/${presentation.id}/pay`)
  const confirmation = await payAndConfirm(page, request, presentation.id, 2)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(steps.texts.payment.confirmation.title)
  expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl")
  expect(confirmation.tickets.map((ticket) => [ticket.RowName, ticket.SeatName])).toEqual([
    [first.row, first.seat],
    [second.row, second.seat],
  ])
  expect(confirmation.tickets.map((ticket) => ticket.price)).toEqual([4700, 3900])
  expect(confirmation.products).toHaveLength(1)
  expect(confirmation.total).toBe(9600 + fees + 1900)
  await shot(page, "confirmation-he-tickets", testInfo.project.name)
})
