import { expect, onlyOn, test } from "./fixtures.ts"
import { detailsToPay, holdBestAndContinue, payAndConfirm } from "./order-journeys.ts"
import { journeyPresentation } from "./presentations.ts"

// this journey moves the page's time itself
test.use({ browserClock: "installed" })

test("the ticket step's own timer runs out, offers more time, and the order goes on to payment after extending", async ({
  page,
  request,
}, testInfo) => {
  onlyOn(testInfo, "desktop")
  const presentation = await journeyPresentation(request, "order-timer", testInfo)
  const config = (await (await request.get("/api/config")).json()) as {
    params: { "665": { chooseTicketsInSeconds: number } }
  }
  const seconds = config.params["665"].chooseTicketsInSeconds
  test.setTimeout(120_000)
  // the page's clock (Playwright's, installed by the fixture) is ours to move; the server keeps its own (the seat holds
  // outlast the jump)
  const steps = await holdBestAndContinue(page, presentation.id, 1, "en")
  await expect(steps.timer).toHaveText(/^[67]:\d{2}$/)

  await page.clock.fastForward((seconds + 2) * 1000)
  await expect(steps.expired).toContainText("Time is up for choosing tickets")
  await expect(steps.continueButton).toHaveCount(0)

  await steps.expired.getByRole("button", { name: "Extend" }).click()
  await expect(steps.expired).toHaveCount(0)
  await expect(steps.timer).toHaveText(
    new RegExp(`^${Math.floor(seconds / 60)}:00$|^${Math.floor(seconds / 60) - 1}:5\\d$`),
  )
  await steps.continue()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add extras")
  await detailsToPay(page, steps, presentation.id, "products")
  await payAndConfirm(page, request, presentation.id, 1)
})
