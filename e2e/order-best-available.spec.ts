import { expect, test } from "./fixtures.ts"
import {
  detailsToPay,
  holdBestAndContinue,
  payAndConfirm,
  presentationWhere,
  shot,
} from "./order-journeys.ts"

test("best available holds four seats together, the ticket screen prices each, and they are paid for", async ({
  page,
  request,
}, testInfo) => {
  const presentation = await presentationWhere(
    request,
    testInfo.project.name === "phone" ? 41 : 40,
    (p) => p.venueTypeId === 1,
  )
  test.setTimeout(120_000)
  const steps = await holdBestAndContinue(page, presentation.id, 4, "en")
  const lines = await steps.summaryLines()
  expect(lines).toHaveLength(4)
  // the four seats sit in one row, next to each other
  const seats = lines.map((line) => /^Row (\S+), seat (\d+)/.exec(line)?.slice(1) ?? [])
  expect(new Set(seats.map(([row]) => row)).size).toBe(1)
  const numbers = seats.map(([, seat]) => Number(seat)).sort((a, b) => a - b)
  expect(numbers).toEqual([numbers[0], (numbers[0] ?? 0) + 1, (numbers[0] ?? 0) + 2, (numbers[0] ?? 0) + 3])
  for (const line of lines) expect(line).toMatch(/₪/)

  await detailsToPay(page, steps, presentation.id)
  const confirmation = await payAndConfirm(page, request, presentation.id, 4)
  expect(confirmation.tickets.map((ticket) => ticket.SeatName).sort()).toEqual(numbers.map(String).sort())
  await shot(page, "confirmation-en-best", testInfo.project.name)
})
