import type { Locator, Page } from "@playwright/test"

/** The staff app's reports screen, by what a staff member reads and chooses. */
export class StaffReportsPage {
  readonly page: Page
  readonly table: Locator
  /** the table with its controls and pager; aria-busy while the asked page is on its way */
  readonly report: Locator

  constructor(page: Page) {
    this.page = page
    this.table = page.getByRole("table")
    this.report = page.locator(".report")
  }

  /** waits until the rows shown are the asked page's, not the previous answer's kept on screen meanwhile */
  async settled(): Promise<void> {
    await this.page.locator('.report:not([aria-busy="true"])').waitFor()
  }

  /** the body rows of the report's table */
  rows(): Locator {
    return this.table.locator("tbody tr")
  }

  /** the text of one column (0-based, as laid out) of every shown row */
  async column(index: number): Promise<ReadonlyArray<string>> {
    return this.rows().evaluateAll(
      (rows, i) => rows.map((row) => row.children[i]?.textContent?.trim() ?? ""),
      index,
    )
  }

  /** a money cell ("‏1,234.50 ‏₪") as agorot */
  static agorot(text: string): number {
    return Math.round(Number(text.replace(/[^\d.]/g, "")) * 100)
  }
}
