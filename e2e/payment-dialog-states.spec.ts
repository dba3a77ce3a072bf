import { mkdirSync } from "node:fs"
import type { Page, TestInfo } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import { test as base, expect } from "./fixtures.ts"
import { SeatListPage, type SeatListPage as SeatListPageType } from "./pages/seat-list-page.ts"
import { journeyPresentation } from "./presentations.ts"
import { screenshot, screenshotsWanted } from "./screenshots.ts"

/** Whether the cart log in this browser's IndexedDB has chosen the showing (a `PresentationSelected` event). */
const cartLogNames = (page: Page, presentationId: number): Promise<boolean> =>
  page.evaluate(
    (id) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open("marquee")
        // never create the app's database, nor keep it open: either would block the app's own upgrade (e2e/wallet.ts)
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => resolve(false)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains("cartEvents")) {
            db.close()
            return resolve(false)
          }
          const all = db.transaction("cartEvents").objectStore("cartEvents").getAll()
          all.onerror = () => {
            db.close()
            resolve(false)
          }
          all.onsuccess = () => {
            db.close()
            resolve(
              (all.result as Array<{ event: unknown }>).some((row) => {
                const text = JSON.stringify(row.event)
                return text.includes('"PresentationSelected"') && text.includes(`"id":${id}`)
              }),
            )
          }
        }
      }),
    presentationId,
  )

/**
 * The payment dialog's states on the way back from a provider, in Hebrew and English. The provider's answers
 * that a live sandbox reaches only for a moment (3-D Secure running, the bank app waiting, an order cancelled)
 * are held still by answering `POST /api/payment/complete` from the test, so each state can be seen and
 * photographed; the journeys in payment-journeys.spec.ts go through the real ones.
 */

const SHOTS = "scratch/shots/paybrowser"
mkdirSync(SHOTS, { recursive: true })

const test = base.extend<{ seatList: SeatListPageType }>({
  seatList: async ({ page }, use) => {
    await use(new SeatListPage(page))
  },
})

const completion = (paymentState: string, extra: Record<string, unknown> = {}) => ({
  reservationIdentifier: "MQ-TEST",
  status: "awaitingPayment",
  paymentState,
  failure: null,
  documentKey: null,
  ...extra,
})

/** Answers completion with `answers` in turn (the last one repeats). */
const answerCompletion = async (page: Page, answers: ReadonlyArray<unknown>) => {
  let asked = 0
  await page.route("**/api/payment/complete", async (route) => {
    const body = answers[Math.min(asked, answers.length - 1)]
    asked += 1
    await route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify(body),
    })
  })
}

const openReturn = (page: Page, lang: "he" | "en") =>
  page.goto(`/order/payment-return?paymentId=P-TEST&reservationIdentifier=MQ-TEST&lang=${lang}`)

for (const lang of ["he", "en"] as const) {
  const texts = lang === "he" ? he : en
  /**
   * The dialog's states are the same on every viewport: Hebrew on a phone and English on a desktop, as the order
   * journeys; a screenshot run (SCREENSHOTS) takes every combination, for the pictures.
   */
  const oneViewport = (testInfo: TestInfo) =>
    test.skip(
      !screenshotsWanted && testInfo.project.name !== (lang === "he" ? "phone" : "desktop"),
      "one viewport per language",
    )

  test(`${lang}: waiting for the bank app, then a 3-D Secure failure with its way forward`, async ({
    page,
    request,
    seatList,
  }, testInfo) => {
    oneViewport(testInfo)
    const project = testInfo.project.name
    // a cart log with a presentation in it, so "try again" knows which order's pay screen to offer
    const presentation = await journeyPresentation(request, `payment-dialog-states/${lang}`, testInfo)
    await seatList.open(presentation.id, lang)
    // the showing is in the device's cart log before the page is left (its append may still be in flight)
    await expect.poll(() => cartLogNames(page, presentation.id)).toBe(true)

    await answerCompletion(page, [
      completion("awaitingBankApp"),
      completion("awaitingBankApp"),
      completion("failed", { failure: "threeDSecureFailed" }),
    ])
    await openReturn(page, lang)
    const dialog = page.getByTestId("payment-dialog")
    await expect(dialog).toHaveAttribute("data-stage", "awaitingBankApp")
    await expect(page.getByTestId("payment-stage")).toHaveText(texts.payment.dialog.stages.awaitingBankApp)
    await screenshot(page, { path: `${SHOTS}/dialog-bankapp-${lang}-${project}.png` })

    await expect(page.getByTestId("payment-error")).toHaveAttribute("data-error", "ThreeDSecureFailed", {
      timeout: 20_000,
    })
    await expect(page.getByTestId("payment-error")).toContainText(texts.payment.errors.ThreeDSecureFailed)
    await screenshot(page, { path: `${SHOTS}/dialog-3ds-failed-${lang}-${project}.png` })
    await page.getByRole("button", { name: texts.payment.actions.retry }).click()
    await expect(page).toHaveURL(new RegExp(`/order/${presentation.id}/pay`))
  })

  test(`${lang}: extra verification and processing, then the provider still waiting for the buyer`, async ({
    page,
  }, testInfo) => {
    oneViewport(testInfo)
    const project = testInfo.project.name
    await answerCompletion(page, [
      completion("awaitingVerification"),
      completion("processing"),
      completion("awaitingEntry"),
    ])
    await openReturn(page, lang)
    await expect(page.getByTestId("payment-dialog")).toHaveAttribute("data-stage", "awaitingVerification")
    await screenshot(page, { path: `${SHOTS}/dialog-verification-${lang}-${project}.png` })
    await expect(page.getByTestId("payment-dialog")).toHaveAttribute("data-stage", "processing", {
      timeout: 10_000,
    })
    await screenshot(page, { path: `${SHOTS}/dialog-processing-${lang}-${project}.png` })
    await expect(page.getByTestId("payment-dialog")).toHaveAttribute("data-stage", "done", {
      timeout: 10_000,
    })
    await expect(page.getByTestId("payment-dialog")).toContainText(texts.payment.dialog.stages.awaitingEntry)
  })

  test(`${lang}: an order cancelled by the provider says so and offers to start again`, async ({
    page,
  }, testInfo) => {
    oneViewport(testInfo)
    const project = testInfo.project.name
    await answerCompletion(page, [completion("failed", { status: "voided", failure: "orderCancelled" })])
    await openReturn(page, lang)
    await expect(page.getByTestId("payment-error")).toHaveAttribute("data-error", "OrderCancelledRestarting")
    await expect(page.getByTestId("payment-error")).toContainText(
      texts.payment.errors.OrderCancelledRestarting,
    )
    await expect(page.getByRole("button", { name: texts.payment.actions.startAgain })).toBeVisible()
    await screenshot(page, { path: `${SHOTS}/dialog-cancelled-${lang}-${project}.png` })
  })
}

test("a return link without its payment says so, with a way to what's on", async ({ page }) => {
  await page.goto("/order/payment-return?lang=en")
  await expect(page.getByRole("alert")).toContainText(en.payment.return.missing)
  await expect(page.getByRole("link", { name: en.payment.actions.whatsOn })).toBeVisible()
})
