import { expect, type Page } from "@playwright/test"
import en from "../../locales/en.json" with { type: "json" }
import he from "../../locales/he.json" with { type: "json" }
import { buyer } from "../buyers.ts"
import { OrderStepsPage } from "./order-steps-page.ts"

/**
 * The donation's two steps as a donor goes through them (issue 16), shared by its journey and the screenshots:
 * each step's refusal first (nothing chosen, an amount under the minimum; an ID number whose check digit is
 * wrong), `refused` called while it shows (a picture), then the right answer and on to the next step.
 */
const noop = async (): Promise<unknown> => undefined

/** `/donate`: nothing chosen refused, 5 ₪ refused, then 72 ₪ of the first donation's own amount. */
export const chooseOwnDonation = async (
  page: Page,
  lang: "he" | "en",
  refused: () => Promise<unknown> = noop,
): Promise<void> => {
  const t = lang === "he" ? he : en
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.shop.donations.title, {
    timeout: 30_000,
  })
  await page.getByTestId("continue").click()
  await expect(page.getByTestId("shop-problem")).toHaveText(t.shop.noneSelected.donations)
  const custom = page.getByTestId("donation-amount").first()
  await custom.fill("5")
  await expect(page.getByTestId("donation-amount-problem")).toBeVisible()
  await refused()
  await custom.fill("72")
  await page
    .getByTestId("donation")
    .first()
    .getByTestId("donation-quantity")
    .last()
    .getByRole("button")
    .last()
    .click()
  await expect(page.getByTestId("shop-total")).toContainText("72")
}

/** The donation's customer step: the form requires the ID number, checked by its digit; then on to pay. */
export const donorDetails = async (
  page: Page,
  lang: "he" | "en",
  refused: () => Promise<unknown> = noop,
): Promise<void> => {
  await expect(page).toHaveURL(/\/shop\/donations\/customer/)
  const steps = new OrderStepsPage(page, lang)
  await steps.fillCustomer({ ...buyer("dana", lang), ssn: "123456789" })
  await steps.continue()
  await expect(page.locator("#customer-ssn")).toHaveAttribute("aria-invalid", "true")
  await refused()
  await page.locator("#customer-ssn").fill("000000018")
  await steps.continue()
  await expect(page).toHaveURL(/\/shop\/donations\/pay/)
}
