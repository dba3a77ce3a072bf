import he from "../locales/he.json" with { type: "json" }
import type { SeatStatuses } from "../src/api/SeatsApi.ts"
import { expect, payButton, reachPayScreen, shot, test } from "./payment-journey.ts"
import { ownVoucher } from "./presentations.ts"

/**
 * Payments that recover (e2e/payment-journey.ts has what the journeys share): a voucher with the card for the rest,
 * answers lost on the way, a buyer back from the provider's page without paying.
 */
test.describe("payment", () => {
  test("Hebrew: a voucher (GIFT-100) pays ₪100 and the card the rest", async ({
    page,
    request,
    seatList,
    pay,
  }, testInfo) => {
    // each project redeems its own copy of GIFT-100 (₪100), so both run against one database
    const gift = ownVoucher("GIFT-100", testInfo)
    test.setTimeout(120_000)
    const project = testInfo.project.name
    await reachPayScreen(page, seatList, request, "payment/voucher", testInfo, "he", 2)

    // an empty voucher is refused with the spec's message and changes nothing
    const voucher = page.getByTestId("voucher-entry")
    await voucher.getByRole("textbox").fill("GIFT-EMPTY")
    await voucher.getByRole("button", { name: he.payment.voucher.apply }).click()
    await expect(page.getByTestId("voucher-problem")).toHaveText(he.payment.voucher.errors.voucherBalance)
    await expect(page.getByTestId("pay-voucher")).toHaveCount(0)

    await voucher.getByRole("textbox").fill(gift)
    await voucher.getByRole("button", { name: he.payment.voucher.apply }).click()
    await expect(page.getByTestId("voucher-applied")).toBeVisible()
    await expect(page.getByTestId("pay-voucher")).toHaveText("−‏100.00 ‏₪")
    const total = await page.getByTestId("pay-total").textContent()
    await shot(page, "pay-voucher-he", project)

    await page.getByTestId("terms").check()
    await payButton(page).click()
    await pay.payOnProviderPage("4580 0000 0000 0000")
    await expect(page).toHaveURL(/\/order\/confirmation\//, { timeout: 30_000 })
    const confirmation = await pay.confirmationOf(request)
    expect(confirmation.status).toBe("paid")
    expect(confirmation.voucherAmount).toBe(10_000)
    expect(confirmation.tickets).toHaveLength(2)
    expect(total).toContain((confirmation.total / 100).toFixed(2))
    await shot(page, "confirmation-voucher-he", project)
  })

  test("English: a commit answer and a payment return answer lost on the way are asked again, giving one order", async ({
    page,
    request,
    seatList,
    pay,
  }, testInfo) => {
    test.setTimeout(120_000)
    await reachPayScreen(page, seatList, request, "payment/lost-answer", testInfo, "en")
    await page.getByTestId("terms").check()

    // the first commit reaches the server, which makes the order; its answer never reaches the browser
    const keys: Array<string> = []
    const answers: Array<string> = []
    await page.route("**/api/payment/commit", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "")
      const response = await route.fetch()
      const body = (await response.json()) as { reservationIdentifier?: string }
      answers.push(body.reservationIdentifier ?? "")
      if (keys.length === 1) await route.abort("connectionreset")
      else await route.fulfill({ response })
    })
    await payButton(page).click()
    await expect(page).toHaveURL(/\/sandbox\//, { timeout: 30_000 })
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    expect(answers[1]).toBe(answers[0])

    // issue 17: back from the provider, the answer to "how did the payment end" is lost too; asked again,
    // the same payment of the same order answers, and the hall has exactly one order's seat sold
    const completions: Array<string> = []
    await page.route("**/api/payment/complete", async (route) => {
      completions.push(route.request().postData() ?? "")
      const response = await route.fetch()
      if (completions.length === 1) await route.abort("connectionreset")
      else await route.fulfill({ response })
    })
    await pay.payOnProviderPage("4580 0000 0000 0000")
    await expect(page).toHaveURL(/\/order\/confirmation\//, { timeout: 30_000 })
    expect(completions.length).toBeGreaterThanOrEqual(2)
    expect(new Set(completions).size).toBe(1)
    const confirmation = await pay.confirmationOf(request)
    expect(confirmation.reservationIdentifier).toBe(answers[0])
    expect(confirmation.status).toBe("paid")
    const hall = (await (
      await request.get("/api/seats/seats-statusV2", {
        params: { presentationId: confirmation.presentation?.id ?? 0 },
      })
    ).json()) as SeatStatuses
    expect(hall.seats.filter((seat) => !seat.isAvailable)).toHaveLength(1)
  })

  test("Hebrew: back from the provider's page without paying, the same payment is continued", async ({
    page,
    request,
    seatList,
    pay,
  }, testInfo) => {
    test.setTimeout(120_000)
    const project = testInfo.project.name
    const { presentationId } = await reachPayScreen(
      page,
      seatList,
      request,
      "payment/back-from-provider",
      testInfo,
      "he",
    )
    await page.getByTestId("terms").check()
    const forms: Array<string> = []
    page.on("request", (r) => {
      if (r.url().includes("/api/payment/form/")) forms.push(r.url())
    })
    await payButton(page).click()
    await expect(page).toHaveURL(/\/sandbox\//, { timeout: 30_000 })
    const providerPage = page.url()

    // the buyer goes back (or loses signal and reloads): the log's open payment is asked about, not replaced
    await page.goto(`/order/${presentationId}/pay`)
    await expect(page.getByTestId("payment-dialog")).toHaveAttribute("data-stage", "done", {
      timeout: 30_000,
    })
    await expect(page.getByTestId("payment-dialog")).toContainText(he.payment.dialog.stages.awaitingEntry)
    await shot(page, "dialog-continue-he", project)
    await page.getByRole("button", { name: he.payment.dialog.continue }).click()
    await expect(page).toHaveURL(providerPage)
    expect(forms).toHaveLength(1)

    await pay.payOnProviderPage("4580 0000 0000 0000")
    await expect(page).toHaveURL(/\/order\/confirmation\//, { timeout: 30_000 })
    expect((await pay.confirmationOf(request)).status).toBe("paid")
  })
})
