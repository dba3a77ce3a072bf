import en from "../locales/en.json" with { type: "json" }
import type { SeatStatuses } from "../src/api/SeatsApi.ts"
import { expect, test } from "./fixtures.ts"
import { detailsToPay, holdBestAndContinue, payAndConfirm } from "./order-journeys.ts"
import { journeyPresentation } from "./presentations.ts"

// offline reloads are served by the service worker, which playwright.config.ts blocks for other journeys
test.use({ serviceWorkers: "allow" })

/**
 * Issue 17, a checkout that survives lost signal: a returning buyer (the service worker already installed) holds
 * two seats and loses signal on the tickets step. Every step says it is offline, a reload offline keeps what was
 * chosen, the seat step too. Back online the reconciler checks the holds and the order is finished once: one
 * commit, two seats sold, nothing sent while offline and nothing replayed later.
 */
test("English: signal lost on the tickets step, reloaded offline, the order is finished once when it is back", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(420_000)
  const context = page.context()
  const presentation = await journeyPresentation(request, "offline/checkout", testInfo)
  const writes: Array<string> = []
  context.on("request", (r) => {
    if (r.method() !== "GET" && new URL(r.url()).pathname.startsWith("/api/"))
      writes.push(`${r.method()} ${new URL(r.url()).pathname}`)
  })

  // a returning buyer: the app's worker controls the page before the order starts
  await page.goto("/?lang=en")
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const steps = await holdBestAndContinue(page, presentation.id, 2, "en")
  const chosen = await steps.summaryLines()

  await context.setOffline(true)
  const writesBeforeOffline = writes.length
  await expect(page.getByTestId("order-offline")).toHaveText(en.order.offline)
  await page.reload().catch(() => undefined)
  await steps.expectStep(presentation.id, "tickets")
  await expect(page.getByTestId("order-offline")).toBeVisible()
  await expect(steps.ticketSeats).toHaveCount(2)
  expect(await steps.summaryLines()).toEqual(chosen)
  // a new tab opened offline at /order goes back into this order: the cart log is on the device
  const tab = await context.newPage()
  await tab.goto("/order?lang=en").catch(() => undefined)
  await expect(tab).toHaveURL(new RegExp(`/order/${presentation.id}/tickets`))
  await expect(tab.getByTestId("order-offline")).toBeVisible()
  await tab.close()

  // the seat step offline says so: its notice over the seats kept, or, where the hall's seatplan was not kept on
  // this device, that the page opens once the signal is back (never a bare "an error occurred")
  await page.getByRole("link", { name: en.orderSteps.steps.seats }).click()
  await expect(page).toHaveURL(new RegExp(`/order/${presentation.id}/seats`))
  await expect(page.getByTestId("order-offline").or(page.getByTestId("error-offline"))).toBeVisible()

  // no seat lock, commit or payment is attempted offline (a step's hold renewal and the cart's own sync may try and
  // fail: neither is queued, and neither holds or sells anything)
  expect(
    writes.slice(writesBeforeOffline).filter((w) => !w.endsWith("/api/cart/holds") && w !== "POST /api/cart"),
  ).toEqual([])

  // signal back: the reconciler finds the holds alive, and the buyer goes on from the seats kept
  await context.setOffline(false)
  await page.goto(`/order/${presentation.id}/tickets?lang=en`)
  await steps.expectStep(presentation.id, "tickets")
  await expect(page.getByTestId("order-offline")).toHaveCount(0)
  await expect(steps.ticketSeats).toHaveCount(2)
  expect(await steps.summaryLines()).toEqual(chosen)
  await detailsToPay(page, steps, presentation.id)
  await payAndConfirm(page, request, presentation.id, 2)

  // one order: one commit, and the hall has exactly the two seats sold
  expect(writes.filter((w) => w === "POST /api/payment/commit")).toHaveLength(1)
  const hall = (await (
    await request.get("/api/seats/seats-statusV2", { params: { presentationId: presentation.id } })
  ).json()) as SeatStatuses
  expect(hall.seats.filter((seat) => !seat.isAvailable)).toHaveLength(2)
})
