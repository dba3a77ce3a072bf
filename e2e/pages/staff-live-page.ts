import type { Locator, Page } from "@playwright/test"

/** The staff app at /PRES-live: sign-in and the attendance drill, by what a staff member reads and clicks. */
export class StaffLivePage {
  readonly page: Page
  readonly heading: Locator
  readonly table: Locator

  constructor(page: Page) {
    this.page = page
    this.heading = page.getByRole("heading", { level: 1 })
    this.table = page.getByRole("table")
  }

  open(lang?: string) {
    return this.page.goto(lang === undefined ? "/PRES-live" : `/PRES-live?lang=${lang}`)
  }

  async signIn(
    labels: { readonly username: string; readonly password: string; readonly submit: string },
    username: string,
    password: string,
  ) {
    await this.page.getByLabel(labels.username).fill(username)
    await this.page.getByLabel(labels.password).fill(password)
    await this.page.getByRole("button", { name: labels.submit }).click()
  }

  /** the table's row links (first column), in order */
  rowLinks(): Locator {
    return this.table.getByRole("rowheader").getByRole("link")
  }

  rowLink(name: string | RegExp): Locator {
    return this.table.getByRole("rowheader").getByRole("link", { name })
  }

  /** the manifest the page names (the staff app installs on its own) */
  manifestHref() {
    return this.page.locator('link[rel="manifest"]').getAttribute("href")
  }
}
