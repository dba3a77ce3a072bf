import type { APIRequestContext, Page } from "@playwright/test"
import type { AreaReservation, CustomerAreaData } from "../src/api/CustomerAreaApi.ts"
import { displayOrderIdentifier } from "../src/domain/order/orderIdentifier.ts"
import { expect, test } from "./fixtures.ts"
import { HOLD_JOURNEYS, signInDemoMember, toHoldChoice } from "./holds.ts"
import { shot } from "./order-journeys.ts"
import { PayPage } from "./pages/pay-page.ts"
import { journeyPresentation } from "./presentations.ts"
import { screenshotsWanted } from "./screenshots.ts"

/**
 * Issue 16, unpaid holds: the demo member (an active membership in the seed) reserves on the pay step without
 * paying, sees the hold's cut-off, then pays it from the customer area; the server's answer is read back at each
 * end (a hold with its deadline, then a paid order with no deadline). In Hebrew on the phone and in English on the
 * desktop (e2e/fixtures.ts `oneViewportPerLanguage`), each on its project's own presentation.
 */
/** The reservation as the customer area's API answers it to this page's signed-in customer. */
const areaReservation = async (
  page: Page,
  request: APIRequestContext,
  identifier: string,
): Promise<AreaReservation | undefined> => {
  const uuid = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("marquee.customer") ?? "{}") as { uuid?: string }).uuid ?? "",
  )
  const answer = await request.get("/api/customer-area/customerAreaData", {
    params: { lang: "en" },
    headers: { uuid },
  })
  expect(answer.ok()).toBe(true)
  const data = (await answer.json()) as CustomerAreaData
  return data.reservations.find((r) => r.reservationIdentifier === identifier)
}

/** A text's words before its first value (what a page shows whatever the date or amount). */
const textBefore = (text: string) => text.split("{{")[0]?.trim() ?? text

for (const { language, lang, texts } of HOLD_JOURNEYS) {
  test(`${language}: a member reserves now without paying, then pays the hold from the customer area`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000)
    const presentation = await journeyPresentation(request, "holds/convert", testInfo)
    await signInDemoMember(page, lang)
    await toHoldChoice(page, presentation.id, lang)
    const pay = new PayPage(page)
    await expect(pay.payButton).toHaveText(texts.holds.pay.reserveButton)
    // the choice's title is a heading inside its card, as on the other cards, not drawn on the card's border
    const choice = page.getByTestId("hold-choice")
    const [box, title] = await Promise.all([choice.boundingBox(), choice.locator("legend").boundingBox()])
    expect((title?.y ?? 0) - (box?.y ?? 0)).toBeGreaterThanOrEqual(8)
    await shot(page, `hold-choice-${lang}`, testInfo.project.name)
    await pay.terms.check()
    await pay.payButton.click()
    const confirmation = page.getByTestId("hold-confirmation")
    await expect(confirmation).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId("hold-confirmation-deadline")).toContainText(
      textBefore(texts.holds.confirmation.deadline),
    )
    await shot(page, `hold-confirmation-${lang}`, testInfo.project.name)

    const reservation = (await confirmation.getAttribute("data-reservation")) ?? ""
    await expect(confirmation).toContainText(displayOrderIdentifier(reservation))
    // the server holds it for the signed-in customer until 30 minutes before the show, unpaid (the area lists it)
    await page.getByTestId("hold-to-area").click()
    const card = page.locator(`[data-testid="reservation"][data-reservation="${reservation}"]`)
    await expect(card).toBeVisible({ timeout: 30_000 })
    const before = await areaReservation(page, request, reservation)
    expect(before?.isHold).toBe(true)
    expect(before?.holdDeadline).toEqual({ deadline: expect.any(String), lapsed: false })
    expect(Date.parse(before?.holdDeadline?.deadline ?? "")).toBe(
      Date.parse(presentation.dateTime) - 30 * 60_000,
    )
    await expect(card.getByTestId("hold-deadline")).toContainText(textBefore(texts.holds.area.payBy))
    // reserved, not bought: neither "Active" nor "bought on", "Paid" or "bought at the box office"
    expect(before?.state).toBe("held")
    const area = texts.customerArea.reservation
    await expect(card.getByTestId("reservation-state")).toHaveText(area.states.held)
    await expect(card).toContainText(textBefore(area.toPay))
    await expect(card).toContainText(area.noDocumentHold)
    if (lang === "en") await expect(card).not.toContainText("bought")
    if (screenshotsWanted) {
      await card.scrollIntoViewIfNeeded()
      await card.screenshot({
        path: `scratch/shots/journeys/hold-area-card-${lang}-${testInfo.project.name}.png`,
      })
    }

    // paying it from the area: the usual card payment, back on the order's confirmation
    await card.getByTestId("pay-hold").click()
    await pay.payOnProviderPage("4580 0000 0000 0000")
    await expect(page).toHaveURL(/\/order\/confirmation\//, { timeout: 30_000 })
    await expect(pay.confirmation).toBeVisible()
    const paid = await pay.confirmationOf(request)
    expect(paid.status).toBe("paid")
    expect(paid.reservationIdentifier).toBe(reservation)
    const after = await areaReservation(page, request, reservation)
    expect(after?.holdDeadline).toBeNull()
    expect(after?.state).toBe("active")
  })
}
