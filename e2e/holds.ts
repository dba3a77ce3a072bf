import { expect, type Page } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import { detailsToPay, holdBestAndContinue } from "./order-journeys.ts"

/**
 * The unpaid-hold journeys' shared steps (e2e/holds.spec.ts, e2e/hold-cutoff.spec.ts): the demo member (an active
 * membership in the seed) signs in, then takes one seat to the pay step and picks "reserve now, pay later".
 */
/** Each hold journey twice: Hebrew on the phone, English on the desktop (e2e/fixtures.ts `oneViewportPerLanguage`). */
export const HOLD_JOURNEYS = [
  { language: "Hebrew", lang: "he", texts: he },
  { language: "English", lang: "en", texts: en },
] as const

export const DEMO_EMAIL = "demo.member@marquee.example"
export const DEMO_PASSWORD = "marquee-demo-2026"

export const signInDemoMember = async (page: Page, lang = "en"): Promise<void> => {
  await page.goto(`/customer?lang=${lang}`)
  await page.getByTestId("sign-in-method-email").check()
  await page.getByTestId("sign-in-email").fill(DEMO_EMAIL)
  await page.getByTestId("sign-in-password").fill(DEMO_PASSWORD)
  await page.getByTestId("sign-in-submit").click()
  await expect(page.getByTestId("customer-area")).toBeVisible({ timeout: 30_000 })
}

/** One best seat of `presentationId` to the pay step, the hold chosen there (the box waited on: the cart takes it). */
export const toHoldChoice = async (page: Page, presentationId: number, lang = "en"): Promise<void> => {
  const steps = await holdBestAndContinue(page, presentationId, 1, lang)
  await detailsToPay(page, steps, presentationId)
  await page.getByTestId("hold-toggle").click()
  await expect(page.getByTestId("hold-toggle")).toBeChecked()
}
