import { mkdirSync } from "node:fs"
import { type APIRequestContext, expect, type Page } from "@playwright/test"
import type { Confirmation } from "../src/api/ReservationsApi.ts"
import type { SeatStatuses } from "../src/api/SeatsApi.ts"
import { displayOrderIdentifier } from "../src/domain/order/orderIdentifier.ts"
import { buyer } from "./buyers.ts"
import { OrderStepsPage } from "./pages/order-steps-page.ts"
import { PayPage } from "./pages/pay-page.ts"
import { SeatListPage } from "./pages/seat-list-page.ts"
import { screenshot } from "./screenshots.ts"

/** Best available for `quantity` seats on the seat screen, then on to the ticket screen. */
export const holdBestAndContinue = async (
  page: Page,
  presentationId: number,
  quantity: number,
  lang: string,
): Promise<OrderStepsPage> => {
  const seatList = new SeatListPage(page)
  await seatList.open(presentationId, lang)
  const best = page.getByTestId("best-pick")
  await best.getByRole("combobox").selectOption(String(quantity))
  await best.getByRole("button").click()
  await expect.poll(() => seatList.heldSeats()).toHaveLength(quantity)
  const steps = new OrderStepsPage(page, lang)
  await steps.continue()
  await expect(steps.ticketSeats).toHaveCount(quantity)
  // first-ticket auto-select has priced every seat
  await expect
    .poll(async () => (await steps.summaryLines()).filter((line) => line.includes("₪")).length)
    .toBe(quantity)
  return steps
}

/**
 * An order screen in Arabic (issue 19): `<html lang="ar" dir="rtl">`, the step's heading, and no Latin word on the
 * screen besides the chain's name ("Marquee") and the XL hall format, the demo data's films and halls included.
 * `heading` is the screen's own (the step's title, or the general-admission section's on the seat screen);
 * `allowed` are what the buyer typed in Latin letters (an email address) and the screen repeats.
 */
export const expectArabic = async (
  page: Page,
  heading: string,
  allowed: ReadonlyArray<string> = [],
): Promise<void> => {
  await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible()
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    "ar",
    "rtl",
  ])
  await expect
    .poll(() =>
      page.evaluate(
        (also) =>
          [...(document.querySelector("main")?.textContent ?? "").matchAll(/[A-Za-z]{2,}/g)]
            .map((match) => match[0])
            .filter((word) => word !== "Marquee" && word !== "XL" && !also.includes(word)),
        [...allowed],
      ),
    )
    .toEqual([])
}

/** Where the order journeys' screenshots go (scratch/, looked at by hand). */
export const SHOTS = "scratch/shots/journeys"
mkdirSync(SHOTS, { recursive: true })

export const shot = async (page: Page, name: string, project: string) => {
  await screenshot(page, { path: `${SHOTS}/${name}-${project}.png`, fullPage: true })
}

const statuses = async (request: APIRequestContext, presentationId: number, cartToken?: string) => {
  const answer = await request.get("/api/seats/seats-statusV2", {
    params: { presentationId },
    headers: cartToken === undefined ? {} : { "x-cart-token": cartToken },
  })
  expect(answer.ok()).toBe(true)
  return (await answer.json()) as SeatStatuses
}

type Place = { readonly VenueSectionId: number; readonly XCoordinate: number; readonly YCoordinate: number }

/** The reserved seats and general-admission places this tab's cart holds, as the server knows them. */
const placesOfTab = async (page: Page, request: APIRequestContext, presentationId: number) => {
  const token = await page.evaluate(() => {
    const cartId = localStorage.getItem("marquee.cartId")
    return cartId === null ? null : localStorage.getItem(`marquee.cartToken.${cartId}`)
  })
  expect(token).not.toBeNull()
  const mine = await statuses(request, presentationId, token ?? undefined)
  return {
    seats: mine.seats.filter((seat) => seat.isSelected) as ReadonlyArray<Place>,
    gaPlaces: mine.heldPlaces.length,
  }
}

/**
 * From the pay screen: pays by the sandbox card that approves, lands on the confirmation page, and checks the
 * order as the server has it: paid (the payment turned the order's holds into sales in the same transaction),
 * `count` tickets, and each reserved seat it held now unavailable to anyone else.
 */
export const payAndConfirm = async (
  page: Page,
  request: APIRequestContext,
  presentationId: number,
  count: number,
): Promise<Confirmation> => {
  await expect(page).toHaveURL(new RegExp(`/order/${presentationId}/pay`))
  const held = await placesOfTab(page, request, presentationId)
  expect(held.seats.length + held.gaPlaces).toBe(count)

  const pay = new PayPage(page)
  await pay.payByCard()
  await expect(page.getByTestId("order-qr")).toBeVisible()
  const confirmation = await pay.confirmationOf(request)
  expect(confirmation.status).toBe("paid")
  expect(confirmation.presentation?.id).toBe(presentationId)
  expect(confirmation.tickets).toHaveLength(count)
  await expect(pay.orderId).toHaveText(displayOrderIdentifier(confirmation.reservationIdentifier))
  await expect(pay.tickets.getByRole("listitem")).toHaveCount(count)

  // another buyer (no cart) sees the seats taken
  const after = await statuses(request, presentationId)
  for (const seat of held.seats) {
    const status = after.seats.find(
      (s) =>
        s.VenueSectionId === seat.VenueSectionId &&
        s.XCoordinate === seat.XCoordinate &&
        s.YCoordinate === seat.YCoordinate,
    )
    expect(status?.isAvailable, `${seat.VenueSectionId}:${seat.XCoordinate}:${seat.YCoordinate}`).toBe(false)
  }
  return confirmation
}

/** What a general-admission presentation has left, as any buyer sees it. */
export const gaAvailable = async (request: APIRequestContext, presentationId: number): Promise<number> =>
  (await statuses(request, presentationId)).sections
    .filter((section) => !section.isReserved)
    .reduce((sum, section) => sum + section.available, 0)

/** From the ticket screen (or the products screen) to the customer step: special seats confirmed, no extras. */
export const toCustomerStep = async (
  steps: OrderStepsPage,
  presentationId: number,
  from: "tickets" | "products" = "tickets",
): Promise<void> => {
  if (from === "tickets") {
    await steps.confirmSpecialSeats()
    await steps.continue()
  }
  await steps.expectStep(presentationId, "products")
  await steps.continue()
  await steps.expectStep(presentationId, "customer")
}

/**
 * From the ticket screen (or the products screen) to the pay screen: special seats confirmed, no extras, the
 * buyer's details and the terms.
 */
export const detailsToPay = async (
  page: Page,
  steps: OrderStepsPage,
  presentationId: number,
  from: "tickets" | "products" = "tickets",
): Promise<void> => {
  await toCustomerStep(steps, presentationId, from)
  await steps.fillCustomer(buyer("dana", steps.lang))
  await steps.acceptTerms()
  await steps.continue()
  await expect(page).toHaveURL(new RegExp(`/order/${presentationId}/pay`))
}
