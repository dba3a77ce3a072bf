import { expect, pinClock, test } from "./fixtures.ts"
import { detailsToPay, holdBestAndContinue } from "./order-journeys.ts"
import { PayPage } from "./pages/pay-page.ts"
import { journeyPresentation } from "./presentations.ts"

/**
 * Google Pay on the card provider's hosted page. Headless Chromium has no wallet, so the page is given a fake
 * Payment Request (it can pay, and its sheet answers a Google-style card with last four 0000 at once); the same
 * page in a browser without the fake offers the card form alone.
 */

/** The second card provider's locations (README: 1173, 1181) take no wallets. */
const SECOND_CARD_PROVIDER = new Set([1173, 1181])

/** Runs in the page before its own scripts: a wallet that can pay and answers as Google Pay does. */
const fakePaymentRequest = () => {
  class FakePaymentRequest {
    readonly methods: ReadonlyArray<{ supportedMethods: string; data: unknown }>
    readonly details: { total: unknown }
    constructor(methods: FakePaymentRequest["methods"], details: FakePaymentRequest["details"]) {
      this.methods = methods
      this.details = details
    }
    canMakePayment() {
      return Promise.resolve(true)
    }
    show() {
      const method = this.methods[0]
      // what the page asked the wallet for, kept for the test past the page's navigation (same origin, same tab)
      sessionStorage.setItem("fakeWallet", JSON.stringify({ method, total: this.details.total }))
      return Promise.resolve({
        methodName: method?.supportedMethods,
        details: {
          apiVersion: 2,
          apiVersionMinor: 0,
          paymentMethodData: {
            type: "CARD",
            description: "Visa •••• 0000",
            info: { cardNetwork: "VISA", cardDetails: "0000" },
            tokenizationData: {
              type: "PAYMENT_GATEWAY",
              token: '{"cryptogram":"AgAAAAAAAIR8CQrXcIhbQAAAAAA="}',
            },
          },
        },
        complete: () => Promise.resolve(),
      })
    }
  }
  Object.defineProperty(window, "PaymentRequest", { value: FakePaymentRequest, configurable: true })
}

test("Google Pay on the card provider's page pays the order; without a wallet only the card form shows", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the provider's page is the same on a phone; CI time")
  test.setTimeout(120_000)
  const presentation = await journeyPresentation(request, "payment-wallets", testInfo)
  expect(SECOND_CARD_PROVIDER.has(presentation.locationId)).toBe(false)
  await page.addInitScript(fakePaymentRequest)
  const steps = await holdBestAndContinue(page, presentation.id, 1, "en")
  await detailsToPay(page, steps, presentation.id)
  const pay = new PayPage(page)
  await pay.terms.check()
  await pay.payButton.click()
  await expect(page).toHaveURL(/\/sandbox\/sandbox-card\//, { timeout: 30_000 })
  const google = page.locator("button[data-wallet='google']")
  await expect(google).toBeVisible()
  await expect(page.locator("button[data-wallet='apple']")).toBeVisible()

  // the same payment's page in a browser with no wallet: both wallets have answered, neither button shows
  const plain = await browser.newPage()
  await pinClock(plain.context())
  try {
    await plain.goto(page.url())
    await expect(plain.locator("form#wallets[data-probed]")).toBeAttached()
    await expect(plain.locator("button[data-wallet]")).toHaveCount(2)
    await expect(plain.locator("button[data-wallet='google']")).toBeHidden()
    await expect(plain.locator("button[data-wallet='apple']")).toBeHidden()
    await expect(plain.locator("input[name='cardNumber']")).toBeVisible()
  } finally {
    await plain.close()
  }

  await google.click()
  await expect(page).toHaveURL(/\/order\/confirmation\//, { timeout: 30_000 })
  await expect(pay.confirmation).toBeVisible()
  const confirmation = await pay.confirmationOf(request)
  expect(confirmation.status).toBe("paid")
  expect(confirmation.presentation?.id).toBe(presentation.id)
  expect(confirmation.tickets).toHaveLength(1)

  const asked = JSON.parse((await page.evaluate(() => sessionStorage.getItem("fakeWallet"))) ?? "null")
  expect(asked).toMatchObject({
    method: {
      supportedMethods: "https://google.com/pay",
      data: { environment: "TEST", apiVersion: 2, allowedPaymentMethods: [{ type: "CARD" }] },
    },
    total: { amount: { currency: "ILS", value: expect.stringMatching(/^\d+\.\d{2}$/) } },
  })
})
