import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import { displayOrderIdentifier } from "../src/domain/order/orderIdentifier.ts"
import {
  expect,
  expectDeclinedWithOrderKept,
  momentShot,
  payButton,
  reachPayScreen,
  seatIsTaken,
  shot,
  test,
} from "./payment-journey.ts"
import { walletHolds } from "./wallet.ts"

/**
 * The payment step, end to end (what the journeys share: e2e/payment-journey.ts): card with 3-D Secure through the
 * service worker, a double click on Pay, declined cards, BLIK.
 */
test.describe("payment", () => {
  test.describe("with the service worker (playwright.config.ts blocks it elsewhere)", () => {
    test.use({ serviceWorkers: "allow" })
    test("Hebrew: pay by card with 3-D Secure, then the confirmation with the seat sold", async ({
      page,
      request,
      seatList,
      pay,
    }, testInfo) => {
      test.setTimeout(120_000)
      const project = testInfo.project.name
      const { seat, presentationId } = await reachPayScreen(
        page,
        seatList,
        request,
        "payment/3ds",
        testInfo,
        "he",
      )
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl")
      await expect(page.getByTestId("pay-timer")).toHaveText(/^\d+:\d{2}$/)
      await expect(page.getByTestId("charge-per-ticket")).toContainText(he.payment.summary.serviceChargeLabel)
      await expect(page.getByTestId("instalments")).toHaveValue("1")
      await expect(page.getByTestId("terms")).not.toBeChecked()
      await shot(page, "pay-he", project)

      // the terms are required and never pre-ticked: nothing is sent without them
      await payButton(page).click()
      await expect(page.getByTestId("terms-problem")).toHaveText(he.payment.terms.required)
      await expect(page).toHaveURL(new RegExp(`/order/${presentationId}/pay`))

      await page.getByTestId("terms").check()
      await payButton(page).click()
      await pay.payOnProviderPage("4000 0000 0000 3220")
      await expect(page.getByRole("heading", { level: 1 })).toContainText("3-D Secure")
      await pay.providerAction("3ds-approve").click()

      await expect(page).toHaveURL(/\/order\/confirmation\//, { timeout: 30_000 })
      await expect(page.getByTestId("confirmation")).toBeVisible()
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(he.payment.confirmation.title)
      await expect(page.getByTestId("order-qr")).toBeVisible()
      await expect(page.getByTestId("confirmation-tickets")).toContainText(
        `שורה ${seat.row}, מושב ${seat.seat}`,
      )
      await shot(page, "confirmation-he", project)

      const confirmation = await pay.confirmationOf(request)
      expect(confirmation.status).toBe("paid")
      expect(confirmation.tickets.map((ticket) => [ticket.RowName, ticket.SeatName])).toEqual([
        [seat.row, seat.seat],
      ])
      expect(await seatIsTaken(request, presentationId, seat)).toBe(true)
      await expect(page.getByTestId("order-id")).toHaveText(
        displayOrderIdentifier(confirmation.reservationIdentifier),
      )

      // the tickets by SMS to another phone: the browser solves the human check the server asks for on the way
      const sms = page.getByTestId("send-tickets")
      await sms.getByRole("textbox").fill("054-765-4321")
      await sms.getByRole("button", { name: he.payment.confirmation.sms.send }).click()
      await expect(page.getByTestId("sms-sent")).toHaveText(he.payment.confirmation.sms.sent)

      // add to calendar downloads an .ics for this order
      const download = page.waitForEvent("download")
      await page.getByTestId("add-to-calendar").click()
      expect((await download).suggestedFilename()).toBe(`${confirmation.reservationIdentifier}.ics`)

      // the confirmation opens again after a reload with no signal, once the service worker has the app (its
      // install precaches every chunk) and the confirmation is in the persisted cache (written at most once a
      // second): both happen in the background, and going offline before them tests the timing, not the product
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem("marquee:queries") ?? ""), { timeout: 10_000 })
        .toContain(confirmation.reservationIdentifier)
      await page.context().setOffline(true)
      await page.reload().catch(() => undefined)
      await expect(page.getByTestId("order-id")).toHaveText(
        displayOrderIdentifier(confirmation.reservationIdentifier),
      )
      await page.context().setOffline(false)

      // the confirmation links to the e-ticket, the page the SMS and e-mail carry: the order by its key alone
      await page.getByTestId("open-eticket").click()
      await expect(page).toHaveURL(new RegExp(`${confirmation.eDocumentUrl}\\?lang=he$`))
      await expect(page.getByTestId("edocument")).toBeVisible()
      await expect(page.getByTestId("order-id")).toHaveText(
        displayOrderIdentifier(confirmation.reservationIdentifier),
      )
      // one signed pass per ticket, each its own QR code (issue 17)
      await expect(page.getByTestId("ticket-pass-qr")).toHaveCount(confirmation.tickets.length)
      await expect(page).toHaveTitle(new RegExp(`^${he.edocument.title} · `))
      // the ticket on screen is already in the device's wallet: with the query cache's copy gone and no signal,
      // a reload shows the wallet's copy and says so
      await expect.poll(() => walletHolds(page, confirmation.eDocumentUrl.split("/").pop() ?? "")).toBe(true)
      await page.evaluate(() => localStorage.removeItem("marquee:queries"))
      await page.context().setOffline(true)
      await page.reload().catch(() => undefined)
      await expect(page.getByTestId("order-id")).toHaveText(
        displayOrderIdentifier(confirmation.reservationIdentifier),
      )
      await expect(page.getByTestId("edocument-saved")).toBeVisible()
      await shot(page, "edocument-offline-he", project)
      await page.context().setOffline(false)
    })
  })

  test("English: a double click on Pay starts one payment, and a declined card can be tried again", async ({
    page,
    request,
    seatList,
    pay,
  }, testInfo) => {
    // two trips to the provider and back: on a busy 2-core machine this takes over two minutes
    test.setTimeout(180_000)
    const project = testInfo.project.name
    const { presentationId } = await reachPayScreen(
      page,
      seatList,
      request,
      "payment/double-click",
      testInfo,
      "en",
    )
    await page.getByTestId("terms").check()
    await shot(page, "pay-en", project)

    const forms: Array<string> = []
    const commits: Array<string> = []
    page.on("request", (r) => {
      if (r.url().includes("/api/payment/form/")) forms.push(r.url())
      if (r.url().includes("/api/payment/commit")) commits.push(r.headers()["idempotency-key"] ?? "")
    })
    // hold the commit's answer back a moment, so the second click lands while the first is running
    await page.route("**/api/payment/commit", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await payButton(page).dblclick({ force: true })
    await expect(page.getByTestId("payment-dialog")).toBeVisible()
    await momentShot(page, "dialog-loading-en", project)
    await expect(page).toHaveURL(/\/sandbox\//, { timeout: 30_000 })
    expect(commits).toHaveLength(1)
    expect(forms).toHaveLength(1)

    // declined at the provider: back on our side the dialog says so and offers another card
    await pay.payOnProviderPage("4000 0000 0000 0002")
    await expectDeclinedWithOrderKept(page, "en")
    await shot(page, "dialog-declined-en", project)
    await page.getByRole("button", { name: en.payment.actions.tryAnotherCard }).click()
    await expect(page).toHaveURL(new RegExp(`/order/${presentationId}/pay`))

    // the same order, a new payment: no second commit
    await page.getByTestId("terms").check()
    await payButton(page).click()
    await pay.payOnProviderPage("4580 0000 0000 0000")
    await expect(page).toHaveURL(/\/order\/confirmation\//, { timeout: 30_000 })
    expect(commits).toHaveLength(1)
    const confirmation = await pay.confirmationOf(request)
    expect(confirmation.status).toBe("paid")
    await shot(page, "confirmation-en", project)
  })

  test("Hebrew: after a declined card the return page keeps the order and the way back to pay", async ({
    page,
    request,
    seatList,
    pay,
  }, testInfo) => {
    test.setTimeout(180_000)
    const project = testInfo.project.name
    const { presentationId } = await reachPayScreen(
      page,
      seatList,
      request,
      "payment/declined-he",
      testInfo,
      "he",
    )
    await page.getByTestId("terms").check()
    await payButton(page).click()
    await pay.payOnProviderPage("4000 0000 0000 0002")
    await expectDeclinedWithOrderKept(page, "he")
    await shot(page, "dialog-declined-he", project)
    // once the message is closed, the buyer is back on the pay screen of the same order
    await page.getByRole("button", { name: he.payment.actions.tryAnotherCard }).click()
    await expect(page).toHaveURL(new RegExp(`/order/${presentationId}/pay`))
    await expect(page.getByTestId("pay-summary")).toBeVisible()
  })

  test("English: pay by BLIK, confirmed in the bank app", async ({
    page,
    request,
    seatList,
    pay,
  }, testInfo) => {
    test.setTimeout(120_000)
    await reachPayScreen(page, seatList, request, "payment/blik", testInfo, "en")
    await page.getByLabel(en.payment.method.blik).check()
    await expect(page.getByTestId("instalments")).toHaveCount(0)
    await page.getByTestId("terms").check()
    await payButton(page).click()

    await expect(page).toHaveURL(/\/sandbox\//, { timeout: 30_000 })
    const code = (await page.getByTestId("blik-code").textContent()) ?? ""
    expect(code).toMatch(/^\d{6}$/)
    await page.locator("input[name='code']").fill(code)
    await pay.providerAction("blik-code").click()
    await page.locator("a[href$='/bank-app']").click()
    await pay.providerAction("bank-confirm").click()

    await expect(page).toHaveURL(/\/order\/confirmation\//, { timeout: 30_000 })
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.payment.confirmation.title)
    expect((await pay.confirmationOf(request)).status).toBe("paid")
  })
})
