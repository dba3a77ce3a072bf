import { expect, type Locator, type Page } from "@playwright/test"
import ar from "../../locales/ar.json" with { type: "json" }
import en from "../../locales/en.json" with { type: "json" }
import he from "../../locales/he.json" with { type: "json" }
import ru from "../../locales/ru.json" with { type: "json" }

type Texts = typeof en
const dictionaries: Record<string, Texts> = { he, en, ru, ar }

export const fill = (template: string, params: Record<string, string | number>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""))

/**
 * The order screens after the seats (/order/$id/tickets, /products, /customer): the basket beside them, the
 * ticket choosers, the code entry, the product steppers and the customer form, by what the buyer sees.
 */
export class OrderStepsPage {
  readonly page: Page
  readonly basket: Locator
  readonly continueButton: Locator
  readonly problem: Locator
  readonly timer: Locator
  readonly expired: Locator
  readonly ticketSeats: Locator
  readonly codeInput: Locator
  readonly codeMessage: Locator
  readonly total: Locator
  readonly lang: string
  texts: Texts

  constructor(page: Page, lang = "he") {
    this.page = page
    this.lang = lang
    this.texts = dictionaries[lang] ?? en
    this.basket = page.getByTestId("basket")
    this.continueButton = page.getByTestId("continue")
    this.problem = page.getByTestId("order-problem")
    this.timer = this.basket.getByRole("timer")
    this.expired = page.getByTestId("timer-expired")
    this.ticketSeats = page.getByTestId("ticket-seat")
    this.codeInput = page.getByTestId("code-entry").getByRole("textbox")
    this.codeMessage = page.getByTestId("code-message")
    this.total = page.getByTestId("order-total")
  }

  async continue(): Promise<void> {
    await this.continueButton.click()
  }

  /**
   * Waits for a step's own screen, not only its address: the router changes the URL as a navigation starts and
   * the screen once its data is in, so a click right after the URL changed could land on the step before (a
   * journey's "continue" once did, and stayed on the extras).
   */
  async expectStep(presentationId: number, step: "tickets" | "products" | "customer"): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`/order/${presentationId}/${step}`))
    await expect(this.page.getByRole("heading", { level: 1 })).toHaveText(this.texts.orderSteps[step].title)
  }

  /** The ticket chooser of a held seat, by its label ("Ticket for row 5, seat 7"). */
  ticketChooser(row: string, seat: string): Locator {
    return this.page.getByLabel(fill(this.texts.orderSteps.tickets.seatLabel, { row, seat }), { exact: true })
  }

  async chooseTicket(row: string, seat: string, ticketName: string): Promise<void> {
    const chooser = this.ticketChooser(row, seat)
    const option = chooser.locator("option", { hasText: ticketName }).first()
    await chooser.selectOption({ label: (await option.textContent()) ?? "" })
  }

  async enterCode(code: string): Promise<void> {
    await this.codeInput.fill(code)
    await this.page.getByTestId("code-entry").getByRole("button").click()
  }

  /** Every special-seat confirmation on the ticket screen, ticked. */
  async confirmSpecialSeats(): Promise<void> {
    for (const box of await this.page.getByTestId("seat-confirm").all()) await box.check()
  }

  /** The basket's lines ("Row 5, seat 7" and what is on it), opened first where a phone's bar folds them. */
  async summaryLines(): Promise<ReadonlyArray<string>> {
    await this.openSummaryDetails()
    return (await this.page.getByTestId("summary-lines").getByRole("listitem").allInnerTexts()).map((text) =>
      text.replace(/\s+/g, " ").trim(),
    )
  }

  /** On a phone the basket is a bar with its lines folded away: open them, as a buyer would to check them. */
  async openSummaryDetails(): Promise<void> {
    const toggle = this.basket.locator("button[aria-expanded='false']")
    if (await toggle.isVisible()) await toggle.click()
  }

  async addProduct(name: string): Promise<void> {
    await this.page
      .getByRole("button", { name: fill(this.texts.orderSteps.products.add, { name }), exact: true })
      .click()
  }

  field(name: keyof Texts["orderSteps"]["customer"]["fields"]): Locator {
    return this.page.locator(`#customer-${name}`)
  }

  async fillCustomer(values: Partial<Record<keyof Texts["orderSteps"]["customer"]["fields"], string>>) {
    for (const [name, value] of Object.entries(values))
      await this.page.locator(`#customer-${name}`).fill(value)
  }

  /** The customer step's additional term (SUMMER_PROMO); the terms of purchase are asked on the pay step only. */
  async acceptTerms(): Promise<void> {
    await this.page.getByLabel(this.texts.orderSteps.customer.summerPromo).check()
  }

  /** The verification under a contact field (site flags mobileVerification, emailVerification). */
  verification(channel: "mobile" | "email"): Locator {
    return this.page.getByTestId(`verify-${channel}`)
  }

  async sendVerificationCode(channel: "mobile" | "email"): Promise<void> {
    await this.page.getByTestId(`send-code-${channel}`).click()
  }

  /** Types the code into the field labelled for the channel ("Code from the SMS") and presses Verify. */
  async enterVerificationCode(channel: "mobile" | "email", code: string): Promise<void> {
    const verify = this.texts.orderSteps.customer.verify
    await this.verification(channel)
      .getByLabel(channel === "mobile" ? verify.codeMobile : verify.codeEmail, { exact: true })
      .fill(code)
    await this.page.getByTestId(`check-code-${channel}`).click()
  }

  verificationMessage(channel: "mobile" | "email"): Locator {
    return this.page.getByTestId(`verify-message-${channel}`)
  }

  verified(channel: "mobile" | "email"): Locator {
    return this.page.getByTestId(`verified-${channel}`)
  }
}
