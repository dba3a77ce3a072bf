import type { Locator, Page } from "@playwright/test"
import { expect, onlyOn, test } from "./fixtures.ts"
import { holdBestAndContinue } from "./order-journeys.ts"
import { journeyPresentation } from "./presentations.ts"

/** Whether the whole of `locator` lies inside the window as it is scrolled now. */
const inWindow = async (page: Page, locator: Locator) => {
  const box = await locator.boundingBox()
  const height = await page.evaluate(() => window.innerHeight)
  return box !== null && box.y >= 0 && box.y + box.height <= height
}

test("the extras step keeps its way on in reach: continue is in the window before and while scrolling", async ({
  page,
  request,
}, testInfo) => {
  onlyOn(testInfo, "phone")
  const presentation = await journeyPresentation(request, "order-products", testInfo)
  const steps = await holdBestAndContinue(page, presentation.id, 1, "en")
  await steps.continue()
  await steps.expectStep(presentation.id, "products")
  const products = page.getByTestId("product")
  await expect(products.first()).toBeVisible()
  await expect(steps.continueButton).toBeVisible()

  // the seeded menu is longer than a window: the list has to scroll for the check to mean anything
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  expect(await inWindow(page, steps.continueButton)).toBe(true)

  // half way down the menu the way on is still there, and the total with it
  await products.nth(Math.floor((await products.count()) / 2)).scrollIntoViewIfNeeded()
  expect(await inWindow(page, steps.continueButton)).toBe(true)
  expect(await inWindow(page, steps.total)).toBe(true)
})
