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

  /**
   * What the status line says the shown numbers' time is, and the fetch time of the answer this device keeps for
   * the screen (`kind`: the query key's second part, src/app/staff/liveQueries.ts) with its row count, that time
   * written as the status line writes it (HH:mm:ss in Jerusalem, in the page's language).
   */
  shownAndKept(kind: string, statusPattern: RegExp) {
    return this.page.evaluate(
      ({ kind, source, flags }) => {
        const status = Array.from(
          document.querySelectorAll('[role="status"]'),
          (node) => node.textContent ?? "",
        )
        const shown = status
          .map((text) => new RegExp(source, flags).exec(text)?.[1])
          .find((time) => time !== undefined)
        const stored = JSON.parse(localStorage.getItem("marquee:queries") ?? "null") as {
          clientState: {
            queries: Array<{ queryKey: Array<unknown>; state: { dataUpdatedAt: number; data: unknown } }>
          }
        } | null
        const query = stored?.clientState.queries.find(
          (q) => q.queryKey[0] === "staff" && q.queryKey[1] === kind,
        )
        const kept =
          query === undefined
            ? undefined
            : new Intl.DateTimeFormat(document.documentElement.lang, {
                timeZone: "Asia/Jerusalem",
                hour: "2-digit",
                minute: "2-digit",
                second: "2-digit",
                hourCycle: "h23",
              }).format(query.state.dataUpdatedAt)
        const data = query?.state.data as
          | { presentations?: Array<unknown>; locations?: Array<unknown> }
          | undefined
        const rows = (data?.presentations ?? data?.locations)?.length
        return { same: shown !== undefined && shown === kept, shown, kept, rows }
      },
      { kind, source: statusPattern.source, flags: statusPattern.flags },
    )
  }

  /** the manifest the page names (the staff app installs on its own) */
  manifestHref() {
    return this.page.locator('link[rel="manifest"]').getAttribute("href")
  }
}
