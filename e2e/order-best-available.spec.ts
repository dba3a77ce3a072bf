import en from "../locales/en.json" with { type: "json" }
import ru from "../locales/ru.json" with { type: "json" }
import { expect, onlyOn, test } from "./fixtures.ts"
import { detailsToPay, holdBestAndContinue, payAndConfirm, shot } from "./order-journeys.ts"
import { journeyPresentation } from "./presentations.ts"

/** The basket's "Row 5, seat 7" in the page's language, as a pattern that captures the row and the seat. */
const seatPattern = (template: string) =>
  new RegExp(`^${template.replace("{{row}}", "(\\S+)").replace("{{seat}}", "(\\d+)")}`)

// English on the desktop, Russian on the phone: the third enabled language runs a whole order too
test("best available holds four seats together, the ticket screen prices each, and they are paid for", async ({
  page,
  request,
}, testInfo) => {
  onlyOn(testInfo, "phone")
  const lang = testInfo.project.name === "phone" ? "ru" : "en"
  const texts = lang === "ru" ? ru : en
  const presentation = await journeyPresentation(request, "order-best-available", testInfo)
  test.setTimeout(120_000)
  const steps = await holdBestAndContinue(page, presentation.id, 4, lang)
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang)
  const lines = await steps.summaryLines()
  expect(lines).toHaveLength(4)
  // the four seats sit in one row, next to each other
  const pattern = seatPattern(texts.order.basket.seat)
  const seats = lines.map((line) => pattern.exec(line)?.slice(1) ?? [])
  expect(new Set(seats.map(([row]) => row)).size).toBe(1)
  const numbers = seats.map(([, seat]) => Number(seat)).sort((a, b) => a - b)
  expect(numbers).toEqual([numbers[0], (numbers[0] ?? 0) + 1, (numbers[0] ?? 0) + 2, (numbers[0] ?? 0) + 3])
  for (const line of lines) expect(line).toMatch(/₪/)

  await detailsToPay(page, steps, presentation.id)
  const confirmation = await payAndConfirm(page, request, presentation.id, 4)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.payment.confirmation.title)
  expect(confirmation.tickets.map((ticket) => ticket.SeatName).sort()).toEqual(numbers.map(String).sort())
  await shot(page, `confirmation-${lang}-best`, testInfo.project.name)
})
