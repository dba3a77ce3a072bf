import { expect, onlyOn, test } from "./fixtures.ts"
import { detailsToPay, payAndConfirm } from "./order-journeys.ts"
import { OrderStepsPage } from "./pages/order-steps-page.ts"
import { SeatListPage } from "./pages/seat-list-page.ts"
import { journeyPresentation } from "./presentations.ts"

test("a seat that would leave a single empty seat between two chosen seats is refused; three together are paid for", async ({
  page,
  request,
}, testInfo) => {
  onlyOn(testInfo, "desktop")
  const seatList = new SeatListPage(page)
  /** The start of a run of five free seats in the open hall: its first, second and third seat, or null. */
  const findRun = () =>
    page.evaluate(() => {
      const seats = [...document.querySelectorAll<HTMLElement>("[data-testid='seat']")].map((el) => {
        const [section, x, y] = (el.dataset.place ?? "").split(":").map(Number)
        return {
          key: `${section}:${y}`,
          x: x ?? 0,
          row: el.dataset.row ?? "",
          seat: el.dataset.seat ?? "",
          free: el.dataset.state === "free",
        }
      })
      for (const start of seats) {
        const at = (dx: number) => seats.find((s) => s.key === start.key && s.x === start.x + dx)
        if (start.free && !at(-1)?.free && [1, 2, 3, 4].every((dx) => at(dx)?.free === true))
          return [start, at(1), at(2)].map((s) => ({ row: s?.row ?? "", seat: s?.seat ?? "" }))
      }
      return null
    })
  test.setTimeout(120_000)
  // the journey's own hall, empty: the first row starts with five free seats
  const presentation = await journeyPresentation(request, "order-single-seat", testInfo)
  expect(presentation.seatingPolicyId).toBe(3)
  const presentationId = presentation.id
  await seatList.open(presentationId, "en")
  await page.locator("[data-testid='seat'][data-state='free']").first().waitFor()
  const run = await findRun()
  expect(run).not.toBeNull()
  const [first, gap, third] = run as Array<{ row: string; seat: string }>
  await seatList.pickSeat(first?.row ?? "", first?.seat ?? "")
  await expect(seatList.seat(first?.row ?? "", first?.seat ?? "")).toHaveAttribute("data-state", "mine")
  await seatList.pickSeat(third?.row ?? "", third?.seat ?? "")
  await expect(seatList.problem).toHaveText("Please don't leave a single empty seat")
  await expect(seatList.seat(third?.row ?? "", third?.seat ?? "")).not.toHaveAttribute("data-state", "mine")
  await expect
    .poll(() => seatList.heldSeats())
    .toEqual([seatList.heldSeatText(first?.row ?? "", first?.seat ?? "")])
  // the seat between them is accepted
  await seatList.pickSeat(gap?.row ?? "", gap?.seat ?? "")
  await expect(seatList.seat(gap?.row ?? "", gap?.seat ?? "")).toHaveAttribute("data-state", "mine")
  // with the gap filled, the third seat no longer strands anyone: the three go on to be paid for
  await seatList.pickSeat(third?.row ?? "", third?.seat ?? "")
  await expect(seatList.seat(third?.row ?? "", third?.seat ?? "")).toHaveAttribute("data-state", "mine")
  const steps = new OrderStepsPage(page, "en")
  await steps.continue()
  await expect(steps.ticketSeats).toHaveCount(3)
  await detailsToPay(page, steps, presentationId)
  await payAndConfirm(page, request, presentationId, 3)
})
