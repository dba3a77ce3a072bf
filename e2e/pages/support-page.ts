import { readFile } from "node:fs/promises"
import type { Locator, Page } from "@playwright/test"

/** What "Download log" saves: the shape `npm run replay` reads. */
export interface CartLogFile {
  readonly cartId: string
  readonly exportedAt: string
  readonly app: string
  readonly events: ReadonlyArray<unknown>
}

/** /support: the cart log's id, size and type, and its export. */
export class SupportPage {
  readonly page: Page
  readonly heading: Locator
  readonly cartLog: Locator
  readonly cartId: Locator
  readonly eventCount: Locator
  readonly downloadButton: Locator

  constructor(page: Page) {
    this.page = page
    this.heading = page.getByRole("heading", { level: 1 })
    this.cartLog = page.getByTestId("cart-log")
    this.cartId = page.getByTestId("cart-id")
    this.eventCount = page.getByTestId("event-count")
    this.downloadButton = this.cartLog.getByRole("button")
  }

  /** Hebrew (the default locale) unless another `lang` is given. */
  async open(lang?: string): Promise<void> {
    await this.page.goto(lang === undefined ? "/support" : `/support?lang=${lang}`)
  }

  async downloadLog(): Promise<{ fileName: string; file: CartLogFile }> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.downloadButton.click()])
    const path = await download.path()
    return {
      fileName: download.suggestedFilename(),
      file: JSON.parse(await readFile(path, "utf8")) as CartLogFile,
    }
  }

  async documentDirection(): Promise<{ lang: string | null; dir: string | null }> {
    return this.page.evaluate(() => ({
      lang: document.documentElement.getAttribute("lang"),
      dir: document.documentElement.getAttribute("dir"),
    }))
  }
}
