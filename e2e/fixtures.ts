import { test as base } from "@playwright/test"
import { WhatsOnPage } from "./pages/whats-on-page.ts"

export const test = base.extend<{ whatsOn: WhatsOnPage }>({
  whatsOn: async ({ page }, use) => {
    await use(new WhatsOnPage(page))
  },
})

export { expect } from "@playwright/test"
