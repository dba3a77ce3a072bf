import type { Page } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import type { SeatStatuses } from "../src/api/SeatsApi.ts"
import { DEPLOY_COOKIE } from "../src/server/http/journeyDeploys.ts"
import { expect, test } from "./fixtures.ts"
import { detailsToPay, holdBestAndContinue, payAndConfirm } from "./order-journeys.ts"
import { journeyPresentation } from "./presentations.ts"

// offline reloads are served by the service worker, which playwright.config.ts blocks for other journeys
test.use({ serviceWorkers: "allow" })

/** Marks this document: a reload (or any new document) starts without it. */
const NOT_RELOADED = "__marqueeNotReloaded"

/**
 * Issue 17, "a deploy during checkout shows the update prompt and nothing reloads until the order is done": from
 * now the server's `/sw.js` is another version for this browser (its deploy cookie: the built worker with a line
 * appended, src/server/http/journeyDeploys.ts: a new worker, the same precache), and the app's update check
 * (registerServiceWorker.ts: when the tab comes back into view, and hourly) is made at once. The new worker
 * installs and waits; the prompt offers it, in English.
 */
const deployDuringOrder = async (page: Page) => {
  const { origin } = new URL(page.url())
  await page.context().addCookies([{ name: DEPLOY_COOKIE, value: "next", url: origin }])
  await page.evaluate(async (marker) => {
    ;(window as unknown as Record<string, boolean>)[marker] = true
    await (await navigator.serviceWorker.getRegistration())?.update()
  }, NOT_RELOADED)
  const prompt = page.getByRole("complementary", { name: en.pwa.updateAvailable })
  await expect(prompt).toBeVisible()
  await expect(prompt.getByRole("button", { name: en.pwa.reload })).toBeVisible()
}

/** At the payment step, every step since the deploy on the same document, the prompt still offered. */
const notReloadedOnTheWay = async (page: Page) => {
  expect(await page.evaluate((marker) => marker in window, NOT_RELOADED)).toBe(true)
  await expect(page.getByRole("complementary", { name: en.pwa.updateAvailable })).toBeVisible()
}

/**
 * Paid (the provider's page and back are the payment's own navigations) and confirmed: the new version is still
 * offered, and the buyer's yes reloads the page under it.
 */
const reloadOnceDone = async (page: Page) => {
  await page.evaluate((marker) => {
    ;(window as unknown as Record<string, boolean>)[marker] = true
  }, NOT_RELOADED)
  const waiting = () =>
    page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null)
  expect(await waiting()).toBe(true)
  const reloaded = page.waitForEvent("load")
  await page.getByRole("button", { name: en.pwa.reload }).click()
  await reloaded
  expect(await page.evaluate((marker) => marker in window, NOT_RELOADED)).toBe(false)
  // the new version controls the page: nothing waits any more
  await expect.poll(waiting).toBe(false)
  await expect(page.getByRole("complementary", { name: en.pwa.updateAvailable })).toHaveCount(0)
}

/**
 * Issue 17, a checkout that survives lost signal: a returning buyer (the service worker already installed) holds
 * two seats and loses signal on the tickets step. Every step says it is offline, a reload offline keeps what was
 * chosen, the seat step too. Back online the reconciler checks the holds and the order is finished once: one
 * commit, two seats sold, nothing sent while offline and nothing replayed later. A new version is deployed between
 * the tickets step and the payment: the update prompt shows, nothing reloads until the order is confirmed, and the
 * buyer's yes then reloads the page.
 */
test("English: signal lost on the tickets step, reloaded offline, the order is finished once when it is back; a deploy meanwhile waits for the buyer's yes", async ({
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
  // the worker keeps the showing's facts as well: the reload below does not hang on the page's own persisted copy,
  // which is written a second after a change
  const keptByWorker = () =>
    page.evaluate(async (id) => {
      const kept = await (await caches.open("api-presentation-details")).keys()
      return kept.some((request) => new URL(request.url).pathname === `/api/presentations/${id}`)
    }, presentation.id)
  await expect.poll(keptByWorker).toBe(true)

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
  // a deploy in the middle of the order: the server now answers this browser another worker script
  await deployDuringOrder(page)
  await detailsToPay(page, steps, presentation.id)
  await notReloadedOnTheWay(page)
  await payAndConfirm(page, request, presentation.id, 2)
  await reloadOnceDone(page)

  // one order: one commit, and the hall has exactly the two seats sold
  expect(writes.filter((w) => w === "POST /api/payment/commit")).toHaveLength(1)
  const hall = (await (
    await request.get("/api/seats/seats-statusV2", { params: { presentationId: presentation.id } })
  ).json()) as SeatStatuses
  expect(hall.seats.filter((seat) => !seat.isAvailable)).toHaveLength(2)
})
