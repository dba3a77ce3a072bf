import type { APIRequestContext } from "@playwright/test"
import type { Presentation } from "../src/api/PresentationEntities.ts"
import type { Seatplan, SeatStatuses } from "../src/api/SeatsApi.ts"
import { solveHumanCheck } from "../src/cli/humanCheckSolver.ts"
import { test as base, expect } from "./fixtures.ts"
import { SeatListPage } from "./pages/seat-list-page.ts"
import { journeyPresentation } from "./presentations.ts"

const test = base.extend<{ seatList: SeatListPage }>({
  seatList: async ({ page }, use) => {
    await use(new SeatListPage(page))
  },
})

test.describe("order: choosing seats from the seat list", () => {
  test("Hebrew: a held seat shows as mine, in the basket with a timer, and survives a reload", async ({
    request,
    seatList,
  }, testInfo) => {
    const presentation = await journeyPresentation(request, "order-seats/held-survives-reload", testInfo)
    await seatList.open(presentation.id)
    await expect(seatList.heading).toHaveText(presentation.featureName)
    expect(await seatList.page.evaluate(() => document.documentElement.dir)).toBe("rtl")

    const place = await seatList.firstFreeSeat()
    const { row, seat } = place
    await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "false")
    await seatList.seatAt(place).click()

    await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "true")
    await expect(seatList.seatAt(place)).toHaveAttribute("data-state", "mine")
    await expect.poll(() => seatList.heldSeats()).toEqual([seatList.heldSeatText(row, seat)])
    await expect(seatList.timer).toHaveText(/^\d+:\d{2}$/)

    await seatList.reload()
    await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "true")
    await expect.poll(() => seatList.heldSeats()).toEqual([seatList.heldSeatText(row, seat)])
    await expect(seatList.timer).toHaveText(/^\d+:\d{2}$/)

    // /order with no presentation goes back into this order, at the tickets for the held seat
    await seatList.page.goto("/order?lang=he")
    await expect(seatList.page).toHaveURL(new RegExp(`/order/${presentation.id}/tickets`))
    await seatList.open(presentation.id)
    await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "true")

    // picking it again releases it
    await seatList.seatAt(place).click()
    await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "false")
    await expect.poll(() => seatList.heldSeats()).toEqual([])
  })

  test("a hold lost while offline is reported when the connection is back", async ({
    context,
    request,
    seatList,
  }, testInfo) => {
    const presentation = await journeyPresentation(request, "order-seats/lost-offline", testInfo)
    await seatList.open(presentation.id, "en")
    const place = await seatList.firstFreeSeat()
    await seatList.seatAt(place).click()
    await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "true")
    const token = await seatList.cartToken()
    expect(token).not.toBeNull()

    await context.setOffline(true)
    // Meanwhile the server lets the hold go (as if it had lapsed): released with this cart's own token.
    const released = await request.put("/api/seats/unlock-seat", {
      headers: { "x-cart-token": token ?? "" },
      data: {
        seats: [
          {
            PresentationId: presentation.id,
            VenueSectionId: place.VenueSectionId,
            XCoordinate: place.x,
            YCoordinate: place.y,
          },
        ],
      },
    })
    expect(released.ok()).toBe(true)
    await context.setOffline(false)

    await expect(seatList.problem).toHaveText(`Your hold on row ${place.row} seat ${place.seat} expired`)
    await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "false")
    await expect.poll(() => seatList.heldSeats()).toEqual([])
  })

  test("English, by keyboard: the list is one tab stop, the arrow keys walk the hall, Space holds a seat", async ({
    page,
    request,
    seatList,
  }, testInfo) => {
    test.skip(testInfo.project.name === "phone", "a keyboard journey")
    const presentation = await journeyPresentation(request, "order-seats/keyboard", testInfo)
    await seatList.open(presentation.id, "en")
    const tabStops = page.locator("[data-testid='seat'][tabindex='0']")
    await expect(tabStops).toHaveCount(1)
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-place") ?? null)
    const placeOf = (locator: typeof tabStops) => locator.getAttribute("data-place")

    // right: the next seat of the row strip, in the hall's order; the tab stop follows the focus
    await tabStops.focus()
    const row = page.locator(".seat-row__seats").filter({ has: tabStops }).getByTestId("seat")
    const places = await row.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-place")))
    const start = places.indexOf(await placeOf(tabStops))
    await page.keyboard.press("ArrowRight")
    await expect.poll(focused).toBe(places[start + 1])
    await expect(tabStops).toHaveCount(1)
    await expect(tabStops).toHaveAttribute("data-place", places[start + 1] ?? "")
    await page.keyboard.press("End")
    await expect.poll(focused).toBe(places.at(-1))
    await page.keyboard.press("Home")
    await expect.poll(focused).toBe(places[0])
    // down: a seat of another row
    await page.keyboard.press("ArrowDown")
    await expect.poll(async () => places.includes(await focused())).toBe(false)
    const below = await focused()
    expect(below).not.toBeNull()
    // Tab leaves the hall at once: every other seat is out of the tab order
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null)).not.toBe(
      "seat",
    )

    // each seat says what it is: its state and lowest price, and its kinds
    const place = await seatList.firstFreeSeat()
    const seat = seatList.seatAt(place)
    await expect(seat).toHaveAccessibleName(`Row ${place.row}, seat ${place.seat}`)
    await expect(seat).toHaveAccessibleDescription(/^Free.* from ₪\d+\.\d{2}$/)
    const wheelchair = page.locator("[data-testid='seat'][aria-describedby~='seat-d-wheelchair']").first()
    await expect(wheelchair).toHaveAccessibleDescription(/Wheelchair space/)

    // Space on the focused seat holds it, Enter lets it go
    await seat.focus()
    await page.keyboard.press("Space")
    await expect(seat).toHaveAttribute("data-state", "mine")
    await expect(seat).toHaveAccessibleDescription(/^Your seat/)
    await expect.poll(() => seatList.heldSeats()).toEqual([seatList.heldSeatText(place.row, place.seat)])
    await page.keyboard.press("Enter")
    await expect(seat).toHaveAttribute("aria-pressed", "false")
    await expect.poll(() => seatList.heldSeats()).toEqual([])
  })

  test("English on a phone: a seat another cart holds cannot be picked", async ({
    baseURL,
    request,
    seatList,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the phone journey")

    // a second cart, as another buyer's browser would earn it
    const recaptchaToken = await solveHumanCheck(baseURL ?? "")
    const cart = await request.post("/api/cart/token", { data: { recaptchaToken } })
    expect(cart.ok()).toBe(true)
    const { token } = (await cart.json()) as { token: string }

    const presentation = await journeyPresentation(request, "order-seats/held-by-another", testInfo)
    const taken = await lockSomeFreeSeat(request, presentation, token)
    if (taken === undefined) throw new Error("the journey's hall had no seat to take")
    await seatList.open(presentation.id, "en")
    const button = seatList.seatAt(taken)
    await expect(button).toBeDisabled()
    await expect(button).toHaveAttribute("data-state", "taken")
    // a tap on it does nothing (it stays focusable, so that a screen reader announces it as taken)
    await button.click({ force: true })
    await expect(button).toHaveAttribute("aria-pressed", "false")
    await expect.poll(() => seatList.heldSeats()).toEqual([])
  })
})

/** Holds the first seat that a lone lock accepts, through the API, for the cart `token`; none in a full hall. */
type TakenSeat = { row: string; seat: string; VenueSectionId: number; x: number; y: number }

const lockSomeFreeSeat = async (
  request: APIRequestContext,
  presentation: Presentation,
  token: string,
): Promise<TakenSeat | undefined> => {
  const plan = (await (
    await request.get("/api/seats/seatplan", {
      params: { venueId: presentation.venueId, seatplanId: presentation.seatplanId ?? 0 },
    })
  ).json()) as Seatplan
  const statuses = (await (
    await request.get("/api/seats/seats-statusV2", { params: { presentationId: presentation.id } })
  ).json()) as SeatStatuses
  // statusesV2 lists only seats that are not plainly free (taken, or a single-seat hint): skip them all
  const notFree = new Set(statuses.seats.map((s) => `${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}`))
  const reserved = new Set(plan.seatplan.sections.filter((s) => s.isReserved).map((s) => s.id))
  const candidates = plan.seatplan.seats.filter(
    (s) =>
      reserved.has(s.VenueSectionId) && !notFree.has(`${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}`),
  )
  // from the back of the hall, away from the seats the other journeys take first
  for (const seat of candidates.reverse().slice(0, 20)) {
    const answer = await request.put("/api/seats/lock-seat", {
      headers: { "x-cart-token": token },
      data: {
        seats: [
          {
            PresentationId: presentation.id,
            VenueSectionId: seat.VenueSectionId,
            XCoordinate: seat.XCoordinate,
            YCoordinate: seat.YCoordinate,
          },
        ],
      },
    })
    if (answer.ok())
      return {
        row: seat.RowName,
        seat: seat.SeatName,
        VenueSectionId: seat.VenueSectionId,
        x: seat.XCoordinate,
        y: seat.YCoordinate,
      }
  }
  return undefined
}
