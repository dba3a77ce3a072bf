import { type BrowserContext, test as base } from "@playwright/test"
import { PINNED_NOW } from "../tests/_support/pinnedClock.ts"
import { WhatsOnPage } from "./pages/whats-on-page.ts"

/**
 * Where the servers' clock is now: it started at `E2E_NOW` when playwright.config.ts started them (the runner
 * notes that wall-clock moment in `E2E_CLOCK_WALL_START`) and has advanced in real time since.
 */
export const serverNow = (): Date => {
  const start = Date.parse(process.env.E2E_NOW ?? PINNED_NOW)
  const wallStart = Number(process.env.E2E_CLOCK_WALL_START ?? Date.now())
  return new Date(start + Math.max(0, Date.now() - wallStart))
}

/**
 * Puts a browser context on the servers' clock. `install` (not `setFixedTime`) so time keeps flowing and the
 * page's timers keep firing (the countdown journeys wait on them); a journey may still `fastForward` it.
 */
export const pinClock = async (context: BrowserContext): Promise<void> => {
  await context.clock.install({ time: serverNow() })
}

/** Every journey's browser runs on the pinned clock: specs take `test` and `expect` from here, never Playwright. */
export const test = base.extend<{ whatsOn: WhatsOnPage }>({
  context: async ({ context }, use) => {
    await pinClock(context)
    await use(context)
  },
  whatsOn: async ({ page }, use) => {
    await use(new WhatsOnPage(page))
  },
})

export { expect } from "@playwright/test"
