import type { Locator, Page } from "@playwright/test"

/** The index route: presentations grouped by date and location, each with a purchase button. */
export class WhatsOnPage {
  readonly page: Page
  readonly presentations: Locator
  readonly purchaseLinks: Locator

  constructor(page: Page) {
    this.page = page
    this.presentations = page.getByTestId("presentation")
    this.purchaseLinks = page.locator("a[href*='/order/']")
  }

  async open(query = ""): Promise<void> {
    await this.page.goto(`/${query}`)
  }

  /** One presentation's entry, by its id. */
  presentation(id: number): Locator {
    return this.page.locator(`[data-testid='presentation'][data-presentation='${id}']`)
  }

  async documentDirection(): Promise<{ lang: string | null; dir: string | null }> {
    return this.page.evaluate(() => ({
      lang: document.documentElement.getAttribute("lang"),
      dir: document.documentElement.getAttribute("dir"),
    }))
  }
}
