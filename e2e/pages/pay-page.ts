import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test"
import type { Confirmation } from "../../src/api/ReservationsApi.ts"

/**
 * /order/$id/pay, the sandbox provider's hosted card page it sends the buyer to, and the confirmation page the
 * provider returns to. The provider's pages speak the buyer's language, so they are driven by their form fields
 * and actions (what a real provider's page keeps stable), not by their words.
 */
export class PayPage {
  readonly page: Page
  readonly payButton: Locator
  readonly terms: Locator
  readonly confirmation: Locator
  readonly orderId: Locator
  readonly tickets: Locator

  constructor(page: Page) {
    this.page = page
    this.payButton = page.getByTestId("pay-button")
    this.terms = page.getByTestId("terms")
    this.confirmation = page.getByTestId("confirmation")
    this.orderId = page.getByTestId("order-id")
    this.tickets = page.getByTestId("confirmation-tickets")
  }

  providerAction(action: string): Locator {
    return this.page.locator(`form:has(input[name='action'][value='${action}']) button[type='submit']`)
  }

  /** The card provider's hosted page: number, expiry, CVV, then its own Pay button. */
  async payOnProviderPage(cardNumber: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/sandbox\//, { timeout: 30_000 })
    await this.page.locator("input[name='cardNumber']").fill(cardNumber)
    await this.page.locator("input[name='expiry']").fill("12/30")
    await this.page.locator("input[name='cvv']").fill("123")
    await this.providerAction("pay").click()
  }

  /** Terms ticked, Pay, the test card that approves on the provider's page, back on the confirmation page. */
  async payByCard(cardNumber = "4580 0000 0000 0000"): Promise<void> {
    await expect(this.payButton).toBeEnabled()
    await this.terms.check()
    await this.payButton.click()
    await this.payOnProviderPage(cardNumber)
    await expect(this.page).toHaveURL(/\/order\/confirmation\//, { timeout: 30_000 })
    await expect(this.confirmation).toBeVisible()
  }

  /** The order the confirmation page shows, as the server answers it (its identifier and key are in the URL). */
  async confirmationOf(request: APIRequestContext): Promise<Confirmation> {
    const url = new URL(this.page.url())
    const identifier = decodeURIComponent(url.pathname.split("/").at(-1) ?? "")
    const answer = await request.get(`/api/reservations/${encodeURIComponent(identifier)}`, {
      params: { key: url.searchParams.get("key") ?? "" },
    })
    expect(answer.ok()).toBe(true)
    return (await answer.json()) as Confirmation
  }
}
