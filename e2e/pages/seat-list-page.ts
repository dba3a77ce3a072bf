import type { Locator, Page } from "@playwright/test"
import en from "../../locales/en.json" with { type: "json" }
import he from "../../locales/he.json" with { type: "json" }
import ru from "../../locales/ru.json" with { type: "json" }

type Texts = typeof en

const dictionaries: Record<string, Texts> = { he, en, ru }

const fill = (template: string, params: Record<string, string>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? "")

/** A seat as the list names it, and where the server knows it (section id and grid coordinates). */
export interface SeatPlace {
  readonly row: string
  readonly seat: string
  readonly VenueSectionId: number
  readonly x: number
  readonly y: number
}

/** /order/$presentationId/seats: the accessible seat list and the basket beside it. */
export class SeatListPage {
  readonly page: Page
  readonly heading: Locator
  readonly seats: Locator
  readonly basket: Locator
  readonly timer: Locator
  readonly problem: Locator
  readonly humanCheck: Locator
  texts: Texts = he

  constructor(page: Page) {
    this.page = page
    this.heading = page.getByRole("heading", { level: 1 })
    this.seats = page.getByTestId("seat")
    this.basket = page.getByTestId("basket")
    this.timer = this.basket.getByRole("timer")
    this.problem = page.getByTestId("order-problem")
    this.humanCheck = page.getByTestId("human-check")
  }

  /** Hebrew (the default locale) unless another `lang` is given; waits for the seats and the cart token. */
  async open(presentationId: number, lang?: string): Promise<void> {
    this.texts = dictionaries[lang ?? "he"] ?? en
    await this.page.goto(`/order/${presentationId}/seats${lang === undefined ? "" : `?lang=${lang}`}`)
    await this.ready()
  }

  async reload(): Promise<void> {
    await this.page.reload()
    await this.ready()
  }

  private async ready(): Promise<void> {
    await this.seats.first().waitFor()
    await this.humanCheck.waitFor({ state: "detached" })
  }

  /** The seat's button, found by its accessible name as a screen reader user hears it. */
  seat(row: string, seat: string): Locator {
    return this.page.getByRole("button", { name: fill(this.texts.order.seat, { row, seat }), exact: true })
  }

  /**
   * The seat's button by where the server knows it. Halls with several sections repeat "row 1, seat 1" in each
   * section's region, so a test that knows the place uses this, not the name.
   */
  seatAt(place: Pick<SeatPlace, "VenueSectionId" | "x" | "y">): Locator {
    return this.page.locator(
      `[data-testid='seat'][data-place='${place.VenueSectionId}:${place.x}:${place.y}']`,
    )
  }

  async pickSeat(row: string, seat: string): Promise<void> {
    await this.seat(row, seat).click()
  }

  /** A seat nobody holds that leaves no single seat stranded, so a lock on it alone is accepted. */
  async firstFreeSeat(): Promise<SeatPlace> {
    const button = this.page.locator("[data-testid='seat'][data-state='free']").first()
    await button.waitFor()
    const [row, seat, place] = await Promise.all([
      button.getAttribute("data-row"),
      button.getAttribute("data-seat"),
      button.getAttribute("data-place"),
    ])
    const [VenueSectionId, x, y] = (place ?? "").split(":").map(Number)
    return { row: row ?? "", seat: seat ?? "", VenueSectionId: VenueSectionId ?? 0, x: x ?? 0, y: y ?? 0 }
  }

  /**
   * The first `count` seats of a run of at least `count + 2` free seats that starts at a row's end or after a
   * taken seat: holding them side by side leaves no single seat on either side. Null when no row has one.
   */
  async freeRun(count: number): Promise<ReadonlyArray<SeatPlace> | null> {
    return this.page.evaluate((count) => {
      const seats = [...document.querySelectorAll<HTMLElement>("[data-testid='seat']")].map((el) => {
        const [VenueSectionId, x, y] = (el.dataset.place ?? "").split(":").map(Number)
        return {
          row: el.dataset.row ?? "",
          seat: el.dataset.seat ?? "",
          VenueSectionId: VenueSectionId ?? 0,
          x: x ?? 0,
          y: y ?? 0,
          free: el.dataset.state === "free",
        }
      })
      const at = (from: (typeof seats)[number], dx: number) =>
        seats.find((s) => s.VenueSectionId === from.VenueSectionId && s.y === from.y && s.x === from.x + dx)
      for (const start of seats) {
        if (!start.free || at(start, -1)?.free === true) continue
        const run = Array.from({ length: count + 2 }, (_, dx) => at(start, dx))
        if (run.every((s) => s?.free === true))
          return run.slice(0, count).map((s) => {
            const { free: _free, ...place } = s as (typeof seats)[number]
            return place
          })
      }
      return null
    }, count)
  }

  /** The basket's seat lines, as shown ("Row 5, seat 7" in the page's language). */
  async heldSeats(): Promise<ReadonlyArray<string>> {
    const lines = this.basket.getByRole("listitem")
    return (await lines.allTextContents()).map((text) => text.trim())
  }

  heldSeatText(row: string, seat: string): string {
    return fill(this.texts.order.basket.seat, { row, seat })
  }

  async timerText(): Promise<string> {
    return ((await this.timer.textContent()) ?? "").trim()
  }

  /** The cart token this tab earned, as the app keeps it (for tests that act on the server behind its back). */
  async cartToken(): Promise<string | null> {
    return this.page.evaluate(() => {
      const cartId = localStorage.getItem("marquee.cartId")
      return cartId === null ? null : localStorage.getItem(`marquee.cartToken.${cartId}`)
    })
  }
}
