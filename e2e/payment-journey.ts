import { mkdirSync } from "node:fs"
import type { APIRequestContext, Page, TestInfo } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import type { SeatStatuses } from "../src/api/SeatsApi.ts"
import type { JourneyName } from "../src/server/db/seed/journeys.ts"
import { buyer } from "./buyers.ts"
import { test as base, expect } from "./fixtures.ts"
import { OrderStepsPage } from "./pages/order-steps-page.ts"
import { PayPage } from "./pages/pay-page.ts"
import { SeatListPage, type SeatPlace } from "./pages/seat-list-page.ts"
import { journeyPresentation } from "./presentations.ts"
import { screenshot } from "./screenshots.ts"

/**
 * What the payment journeys (e2e/payment-journeys.spec.ts, e2e/payment-recovery.spec.ts) share. The payment step, end to end: a seat held from the seat list, its ticket, the buyer's details, then the pay
 * screen, the sandbox provider's hosted page (our server serves it like a real provider's) and the return to
 * the confirmation. Card numbers are typed on the provider's page only.
 */

export const SHOTS = "scratch/shots/paybrowser"
mkdirSync(SHOTS, { recursive: true })

export const texts = { he, en } as const
export type Lang = keyof typeof texts

export { expect }

export const test = base.extend<{ seatList: SeatListPage; pay: PayPage }>({
  seatList: async ({ page }, use) => {
    await use(new SeatListPage(page))
  },
  pay: async ({ page }, use) => {
    await use(new PayPage(page))
  },
})

export const shot = async (page: Page, name: string, project: string) => {
  await screenshot(page, { path: `${SHOTS}/${name}-${project}.png`, fullPage: true })
}

/** A picture of a passing moment (the page may be leaving for the provider): taken if it can be, never a failure. */
export const momentShot = (page: Page, name: string, project: string) =>
  screenshot(page, { path: `${SHOTS}/${name}-${project}.png`, timeout: 3000 }).catch(() => undefined)

/**
 * Seats → tickets → products → customer → the pay screen, in `lang`; answers the first seat it held. With
 * `seats: 2` it also takes the first seat's neighbour.
 */
export type PaymentJourney = Extract<JourneyName, `payment/${string}`>

export const reachPayScreen = async (
  page: Page,
  seatList: SeatListPage,
  request: APIRequestContext,
  journey: PaymentJourney,
  testInfo: TestInfo,
  lang: Lang,
  seats: 1 | 2 = 1,
) => {
  // the journey's own presentation, an empty hall (parallel journeys must not race for seats)
  const presentationId = (await journeyPresentation(request, journey, testInfo)).id
  await seatList.open(presentationId, lang === "he" ? undefined : lang)
  // the statuses may arrive after the seats are drawn: let a free seat show before choosing
  await page.locator("[data-testid='seat'][data-state='free']").first().waitFor()
  // two seats side by side at the start of a longer free run: no single seat is left beside them
  const chosen = seats === 1 ? [await seatList.firstFreeSeat()] : ((await seatList.freeRun(seats)) ?? [])
  const seat = chosen[0]
  if (seat === undefined) throw new Error("no hall with free seats side by side")
  // by its place: halls with several sections repeat row and seat names
  for (const place of chosen) {
    await seatList.seatAt(place).click()
    await expect(seatList.seatAt(place)).toHaveAttribute("data-state", "mine")
  }
  const steps = new OrderStepsPage(page, lang)
  await steps.continue()
  await expect(page).toHaveURL(new RegExp(`/order/${presentationId}/tickets`))
  await expect(steps.ticketChooser(seat.row, seat.seat)).toHaveValue(/\d+/)
  await expect(steps.ticketSeats).toHaveCount(seats)
  await steps.confirmSpecialSeats()
  await steps.continue()
  await steps.expectStep(presentationId, "products")
  await steps.continue()
  await steps.expectStep(presentationId, "customer")
  await steps.fillCustomer(buyer("noa", lang))
  await steps.acceptTerms()
  await steps.continue()
  await expect(page).toHaveURL(new RegExp(`/order/${presentationId}/pay`))
  await expect(page.getByTestId("pay-button")).toBeEnabled()
  return { seat, presentationId }
}

export const payButton = (page: Page) => page.getByTestId("pay-button")

/**
 * A card declined at the provider, back on our side: the dialog says so, and behind it the page keeps the order
 * and the way back to pay (issue 13, defect 16), not an empty page.
 */
export const expectDeclinedWithOrderKept = async (page: Page, lang: Lang) => {
  const t = texts[lang].payment
  await expect(page.getByTestId("payment-error")).toHaveAttribute("data-error", "CardDeclined", {
    timeout: 30_000,
  })
  await expect(page.getByTestId("payment-error")).toContainText(t.errors.CardDeclined)
  await expect(page.getByTestId("pay-summary")).toContainText(t.summary.title)
  await expect(page.getByTestId("return-not-paid")).toHaveText(t.return.notPaid)
  await expect(page.getByTestId("return-try-again")).toHaveText(t.actions.retry)
}

/** The seat as any other buyer sees it: not available. */
export const seatIsTaken = async (request: APIRequestContext, presentationId: number, seat: SeatPlace) => {
  const answer = await request.get("/api/seats/seats-statusV2", { params: { presentationId } })
  const statuses = (await answer.json()) as SeatStatuses
  const found = statuses.seats.find(
    (s) => s.VenueSectionId === seat.VenueSectionId && s.XCoordinate === seat.x && s.YCoordinate === seat.y,
  )
  return found !== undefined && !found.isAvailable
}
