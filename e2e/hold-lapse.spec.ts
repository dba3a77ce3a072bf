import { SHORT_HOLD_PORT, SHORT_HOLD_SECONDS } from "../playwright.config.ts"
import { test as base, expect, onlyOn } from "./fixtures.ts"
import { SeatListPage } from "./pages/seat-list-page.ts"
import { journeyPresentation } from "./presentations.ts"

/**
 * A hold the server lets lapse while the buyer watches: on a server whose holds last a few seconds, the
 * reconciler (scheduled at the hold's deadline) finds the seat gone and the page says so — the log records a
 * correction, it does not pretend the seat is still held.
 */
const test = base.extend<{ seatList: SeatListPage }>({
  seatList: async ({ page }, use) => {
    await use(new SeatListPage(page))
  },
})

test.use({ baseURL: `http://127.0.0.1:${SHORT_HOLD_PORT}` })

test("a hold the server let expire shows as lost", async ({ request, seatList }, testInfo) => {
  // most of its time is the wait for the deadline: one viewport proves it
  onlyOn(testInfo, "desktop")
  const presentation = await journeyPresentation(request, "hold-lapse", testInfo)
  await seatList.open(presentation.id, "en")

  const place = await seatList.firstFreeSeat()
  await seatList.seatAt(place).click()
  await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "true")

  // after the server's deadline, without any action from the buyer
  await expect(seatList.problem).toHaveText(`Your hold on row ${place.row} seat ${place.seat} expired`, {
    timeout: (SHORT_HOLD_SECONDS + 15) * 1000,
  })
  await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "false")
  await expect.poll(() => seatList.heldSeats()).toEqual([])
})
