import { mkdirSync } from "node:fs"
import type { Page, TestInfo } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import type { VoucherDocument } from "../src/api/ReservationsApi.ts"
import { wallDate } from "../src/app/customer/area/areaView.ts"
import { buyer } from "./buyers.ts"
import { storedOnDevice } from "./deviceStorage.ts"
import { test as base, expect, onlyOn } from "./fixtures.ts"
import { chooseOwnDonation, donorDetails } from "./pages/donation-steps.ts"
import { OrderStepsPage } from "./pages/order-steps-page.ts"
import { PayPage } from "./pages/pay-page.ts"
import { SeatListPage } from "./pages/seat-list-page.ts"
import { journeyPresentation } from "./presentations.ts"
import { walletHolds } from "./wallet.ts"

/**
 * Orders without a showing (issue 16), end to end on the pinned clock: gift vouchers bought and one of them
 * paying for a ticket, a donation of the donor's own amount, and food alone; each ends on its confirmation and
 * is read back from the API. The phone project runs in Hebrew (right to left), the desktop one in English.
 * Pictures of each screen go to /tmp/shots-shop when SCREENSHOTS is set (for a person to look at).
 */

const SHOTS = "/tmp/shots-shop"
const shotsWanted = process.env.SCREENSHOTS !== undefined
if (shotsWanted) mkdirSync(SHOTS, { recursive: true })

const texts = { he, en } as const
type Lang = keyof typeof texts

const test = base.extend<{ pay: PayPage; lang: Lang }>({
  pay: async ({ page }, use) => {
    await use(new PayPage(page))
  },
  // the phone speaks Hebrew (right to left), the desktop English
  lang: async ({ page: _page }, use, testInfo) => {
    await use(testInfo.project.name === "phone" ? "he" : "en")
  },
})

const shot = async (page: Page, name: string, testInfo: TestInfo) => {
  if (shotsWanted)
    await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true })
}

const query = (lang: Lang) => (lang === "he" ? "" : `?lang=${lang}`)

/** The customer step of a shop order, filled in `lang` (an ID number where the form asks one), then on to pay. */
const fillDetails = async (page: Page, lang: Lang, ssn?: string) => {
  await expect(page).toHaveURL(/\/shop\/\w+\/customer/)
  const steps = new OrderStepsPage(page, lang)
  await steps.fillCustomer({ ...buyer("dana", lang), ...(ssn === undefined ? {} : { ssn }) })
  await steps.continue()
  await expect(page).toHaveURL(/\/shop\/\w+\/pay/)
}

test.describe("shop", () => {
  test.describe("gift vouchers", () => {
    // the voucher bought opens from the wallet in airplane mode: a reload offline is the service worker's
    test.use({ serviceWorkers: "allow" })
    test("two open-price gift vouchers bought, then one of them pays for a ticket", async ({
      page,
      pay,
      lang,
      request,
    }, testInfo) => {
      onlyOn(testInfo, "phone")
      // two whole orders, one of them through the seat map
      test.slow()
      const t = texts[lang]
      await page.goto(`/vouchers${query(lang)}`)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.shop.vouchers.title)
      await shot(page, "vouchers-types", testInfo)
      await page.getByTestId("voucher-type").first().click()
      await expect(page).toHaveURL(/\/vouchers\/1/)
      // nothing chosen: the way on says so
      await page.getByTestId("continue").click()
      await expect(page.getByTestId("shop-problem")).toHaveText(t.shop.noneSelected.vouchers)
      // an amount out of the class's bounds is refused before anything is added
      const amount = page.getByTestId("voucher-amount")
      await amount.fill("20")
      await expect(page.getByTestId("voucher-amount-problem")).toBeVisible()
      await amount.fill("150")
      await expect(page.getByTestId("voucher-amount-problem")).toHaveCount(0)
      const stepper = page.getByTestId("voucher-quantity")
      await stepper.getByRole("button").last().click()
      await expect(page.getByTestId("voucher-quantity-value")).toHaveText("1")
      await stepper.getByRole("button").last().click()
      await expect(page.getByTestId("voucher-quantity-value")).toHaveText("2")
      await expect(page.getByTestId("shop-total")).toContainText("300")
      await shot(page, "vouchers-choose", testInfo)
      await page.getByTestId("continue").click()
      // spec §2 the auth step: sign in, or buy as a guest
      await expect(page).toHaveURL(/\/shop\/vouchers\/auth/)
      await expect(page.getByTestId("shop-auth-sign-in")).toBeVisible()
      await shot(page, "vouchers-auth", testInfo)
      await page.getByTestId("shop-auth-guest").click()
      await fillDetails(page, lang)
      await shot(page, "vouchers-pay", testInfo)
      await pay.payByCard()
      const confirmation = await pay.confirmationOf(request)
      expect(confirmation).toMatchObject({ orderKind: "vouchers", presentation: null, total: 30_000 })
      const line = confirmation.items?.[0]
      expect(line).toMatchObject({ kind: "voucher", quantity: 2, total: 30_000 })
      expect(line?.issued).toHaveLength(2)
      const code = line?.issued[0] as string
      await expect(page.getByTestId("confirmation")).toContainText(code)
      // both vouchers are in the device's wallet at the confirmation, before either is opened (issue 17)
      const voucherKeys = (line?.documents ?? []).map((path) => path.split("/").pop() ?? "")
      expect(voucherKeys).toHaveLength(2)
      for (const key of voucherKeys) await expect.poll(() => walletHolds(page, key, "vouchers")).toBe(true)
      await shot(page, "vouchers-confirmation", testInfo)
      // each voucher has its own e-document: the first code opens its page, with its balance
      await page.getByTestId("issued-document").first().click()
      await expect(page.getByTestId("voucher-document-code")).toHaveText(code)
      await expect(page.getByTestId("voucher-document-balance")).toContainText("150")
      await shot(page, "vouchers-document", testInfo)

      // airplane mode: the wallet, reloaded from the device alone, lists the vouchers and opens the first one from
      // its kept copy, with its balance and its last valid day
      const voucherDocument = (await (
        await request.get(`/api/edocuments/vouchers/${voucherKeys[0]}?lang=${lang}`)
      ).json()) as VoucherDocument
      expect(voucherDocument.reference).toBe(code)
      const validity = `${wallDate(voucherDocument.StartDate)} – ${wallDate(voucherDocument.EndDate)}`
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
      await page.context().setOffline(true)
      await page.goto(`/wallet${query(lang)}`).catch(() => undefined)
      await expect(page.getByTestId("wallet-offline")).toHaveText(t.wallet.offline)
      await expect(page.getByTestId("wallet-voucher")).toHaveCount(2)
      await page.getByTestId("wallet-voucher").filter({ hasText: code }).getByRole("link").click()
      await expect(page.getByTestId("edocument-saved")).toBeVisible()
      await expect(page.getByTestId("voucher-document-code")).toHaveText(code)
      await expect(page.getByTestId("voucher-document-balance")).toContainText("150")
      await expect(page.getByTestId("voucher-document-validity")).toHaveText(validity)
      await shot(page, "vouchers-document-offline", testInfo)
      await page.context().setOffline(false)

      // a ticket on the journey's own showing, paid with the first voucher
      const presentation = await journeyPresentation(request, "shop/voucher-pays-ticket", testInfo)
      const seats = new SeatListPage(page)
      await seats.open(presentation.id, lang === "he" ? undefined : lang)
      const seat = await seats.firstFreeSeat()
      await seats.seatAt(seat).click()
      await expect(seats.seatAt(seat)).toHaveAttribute("data-state", "mine")
      const steps = new OrderStepsPage(page, lang)
      await steps.continue()
      await steps.expectStep(presentation.id, "tickets")
      await steps.confirmSpecialSeats()
      await steps.continue()
      await steps.expectStep(presentation.id, "products")
      await steps.continue()
      await steps.expectStep(presentation.id, "customer")
      await steps.fillCustomer(buyer("dana", lang))
      await steps.acceptTerms()
      await steps.continue()
      await expect(page).toHaveURL(new RegExp(`/order/${presentation.id}/pay`))
      const voucher = page.getByTestId("voucher-entry")
      await voucher.getByRole("textbox").fill(code)
      await voucher.getByRole("button", { name: t.payment.voucher.apply }).click()
      await expect(page.getByTestId("voucher-applied")).toBeVisible()
      await pay.terms.check()
      await pay.payButton.click()
      await expect(page).toHaveURL(/\/order\/confirmation\//, { timeout: 30_000 })
      const ticketOrder = await pay.confirmationOf(request)
      expect(ticketOrder.orderKind).toBe("tickets")
      expect(ticketOrder.voucherAmount).toBeGreaterThan(0)
      expect(ticketOrder.voucherAmount).toBeLessThanOrEqual(15_000)
    })
  })

  test("a voucher not sold online sends the buyer to customer service; an unknown kind is none for sale", async ({
    page,
    lang,
  }, testInfo) => {
    onlyOn(testInfo, "desktop")
    const t = texts[lang]
    // the seeded corporate vouchers (superclass 3) are sold through customer service only
    await page.goto(`/vouchers/3${query(lang)}`)
    await expect(page.getByTestId("voucher-customer-service")).toContainText(t.shop.vouchers.customerService)
    await expect(page.getByTestId("voucher-quantity")).toHaveCount(0)
    await expect(page.getByTestId("shop-none-for-sale")).toHaveText(t.shop.noneForSale.vouchers)
    await shot(page, "vouchers-customer-service", testInfo)
    // fixed-price ticket vouchers: a quantity per price
    await page.goto(`/vouchers/2${query(lang)}`)
    await expect(page.getByTestId("voucher-price")).toHaveCount(2)
    await shot(page, "vouchers-fixed", testInfo)
    await page.goto(`/vouchers/999${query(lang)}`)
    await expect(page.getByTestId("shop-none-for-sale")).toContainText(t.shop.noneForSale.vouchers)
  })

  test("a donation of the donor's own amount, with the ID number the form requires", async ({
    page,
    pay,
    lang,
    request,
  }, testInfo) => {
    onlyOn(testInfo, "desktop")
    const t = texts[lang]
    // none for sale: the catalogue answers no donation (the server leaves out one with nothing to give)
    await page.route("**/api/donations*", (route) => route.fulfill({ json: { donations: [] } }))
    await page.goto(`/donate${query(lang)}`)
    await expect(page.getByTestId("shop-none-for-sale")).toHaveText(t.shop.noneForSale.donations)
    await page.unrouteAll()
    await page.reload()
    await chooseOwnDonation(page, lang)
    await shot(page, "donations-choose", testInfo)
    await page.getByTestId("continue").click()
    await donorDetails(page, lang, () => shot(page, "donations-customer", testInfo))
    // issue 15: the ID number goes with the order, never into the browser's storage
    expect(await storedOnDevice(page)).not.toContain("000000018")
    await shot(page, "donations-pay", testInfo)
    await pay.payByCard()
    const confirmation = await pay.confirmationOf(request)
    expect(confirmation).toMatchObject({ orderKind: "donations", presentation: null, total: 7_200 })
    expect(confirmation.items).toEqual([
      expect.objectContaining({ kind: "donation", quantity: 1, total: 7_200 }),
    ])
    // a donation has no code to show at an entrance and no tickets to open or send
    await expect(page.getByTestId("order-qr")).toHaveCount(0)
    await expect(page.getByTestId("send-tickets")).toHaveCount(0)
    await expect(page.getByTestId("open-eticket")).toHaveText(t.payment.confirmation.orderDocument)
    await shot(page, "donations-confirmation", testInfo)
  })

  test("food alone: a cinema, two snacks, paid and confirmed for collection there", async ({
    page,
    pay,
    lang,
    request,
  }, testInfo) => {
    onlyOn(testInfo, "phone")
    const t = texts[lang]
    await page.goto(`/food${query(lang)}`)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.shop.food.title)
    await page.getByTestId("continue").click()
    await expect(page.getByTestId("shop-problem")).toHaveText(t.shop.food.noCinema)
    const cinema = page.getByTestId("food-cinema")
    const chosen = await cinema.locator("option:not([disabled])").first().getAttribute("value")
    await cinema.selectOption(chosen ?? "")
    const first = page.getByTestId("food-product").first()
    await first.getByTestId("food-quantity").getByRole("button").last().click()
    await first.getByTestId("food-quantity").getByRole("button").last().click()
    await expect(first.getByTestId("food-quantity-value")).toHaveText("2")
    await shot(page, "food-choose", testInfo)
    await page.getByTestId("continue").click()
    await expect(page).toHaveURL(/\/shop\/food\/customer/)
    const steps = new OrderStepsPage(page, lang)
    await steps.fillCustomer(buyer("dana", lang))
    await steps.acceptTerms()
    await shot(page, "food-customer", testInfo)
    await steps.continue()
    await expect(page).toHaveURL(/\/shop\/food\/pay/)
    await pay.payByCard()
    const confirmation = await pay.confirmationOf(request)
    expect(confirmation).toMatchObject({ orderKind: "products", presentation: null, items: [] })
    expect(confirmation.products).toEqual([expect.objectContaining({ quantity: 2 })])
    expect(confirmation.locationName).not.toBe("")
    // the food is collected with the order's code at the counter; there are no tickets to send
    await expect(page.getByTestId("confirmation")).toContainText(t.payment.confirmation.qrCounter)
    await expect(page.getByTestId("send-tickets")).toHaveCount(0)
    await shot(page, "food-confirmation", testInfo)
  })
})
