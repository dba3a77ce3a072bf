import type { Page } from "@playwright/test"

/**
 * Pictures for a person to look at (scratch/shots/…), never something a journey checks: taken only under
 * `npm run screenshots` (SCREENSHOTS set), so `npm test` spends no time encoding full-page PNGs.
 */
export const screenshotsWanted = process.env.SCREENSHOTS !== undefined

export const screenshot = async (page: Page, options: Parameters<Page["screenshot"]>[0]): Promise<void> => {
  if (screenshotsWanted) await page.screenshot(options)
}
