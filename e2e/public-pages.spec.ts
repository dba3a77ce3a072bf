import type { Page } from "@playwright/test"
import en from "../locales/en.json" with { type: "json" }
import he from "../locales/he.json" with { type: "json" }
import type { Presentation, PresentationList } from "../src/api/PresentationEntities.ts"
import { expect, serverNow, test } from "./fixtures.ts"
import { screenshot } from "./screenshots.ts"

/** Issue 19's public pages: search with a typo, a film's page, its seat step, and a cinema's complex info. */
const SHOTS = "scratch/shots/public-pages"
const FIRST_RENDER = { timeout: 20_000 }

/** A showing a buyer can still take a seat at, comfortably before it starts. */
const buyable = (list: PresentationList): Presentation => {
  const soon = serverNow().getTime() + 3 * 3_600_000
  const found = list.presentations.find(
    (p) =>
      p.isOnSale &&
      !p.isVod &&
      p.hasReservedSection &&
      (p.availableSeats ?? 0) > 10 &&
      Date.parse(p.dateTime) > soon &&
      /\p{L}{5,}/u.test(p.featureName),
  )
  if (found === undefined) throw new Error("the demo chain has no showing to buy")
  return found
}

/** The title's longest word with two neighbouring letters swapped: one typo a buyer makes. */
const misspell = (title: string): string => {
  const word = [...title.split(/\s+/)].sort((a, b) => b.length - a.length)[0] ?? title
  const at = [...word].findIndex((letter, i) => i > 0 && i < word.length - 1 && letter !== word[i + 1])
  return `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`
}

const journey = async (page: Page, lang: "he" | "en", list: PresentationList, project: string) => {
  const words = lang === "he" ? he : en
  const showing = buyable(list)
  await page.goto(`/?lang=${lang}`)
  // the search box in the site's header, a typo in the film's title
  const box = page.getByTestId("search-input")
  await expect(box).toBeVisible(FIRST_RENDER)
  await box.fill(misspell(showing.featureName))
  await box.press("Enter")
  await expect(page).toHaveURL(/\/search\?/)
  const films = page.getByTestId("film-results")
  const film = films.getByRole("link", { name: showing.featureName, exact: true })
  await expect(film).toBeVisible()
  await expect(page.locator(`[data-presentation="${showing.id}"]`)).toBeVisible()
  await screenshot(page, { path: `${SHOTS}/search-${lang}-${project}.png`, fullPage: true })
  await film.click()
  // the film's page: its title, its facts, its showings by day and cinema
  const moviePage = page.getByTestId("movie-page")
  await expect(moviePage.getByRole("heading", { level: 1 })).toHaveText(showing.featureName)
  await expect(moviePage.getByText(words.publicPages.movie.showings, { exact: true })).toBeVisible()
  const trailer = page.getByTestId("trailer-link")
  if ((await trailer.count()) > 0)
    await expect(trailer).toHaveAttribute("href", /^\/https:\/\/www\.youtube\.com\//)
  await screenshot(page, { path: `${SHOTS}/movie-${lang}-${project}.png`, fullPage: true })
  // the film's days on a strip, one shown at a time: the showing's own day
  await page.locator(`button[data-date="${showing.dateTime.slice(0, 10)}"]`).click()
  const item = page.locator(`[data-presentation="${showing.id}"]`)
  await expect(item).toBeVisible()
  // the showing's cinema, from its heading on the film's page
  await page.getByRole("region", { name: showing.locationName }).first().getByTestId("cinema-link").click()
  const cinema = page.getByTestId("cinema-page")
  await expect(cinema.getByRole("heading", { level: 1 })).toHaveText(showing.locationName)
  await expect(cinema.getByRole("heading", { name: words.publicPages.cinema.parking })).toBeVisible()
  await expect(page.getByTestId("cinema-parking")).not.toBeEmpty()
  await expect(page.getByTestId("cinema-accessibility")).not.toBeEmpty()
  await expect(page.getByTestId("opening-hours").locator("dt")).toHaveCount(3)
  await screenshot(page, { path: `${SHOTS}/cinema-${lang}-${project}.png`, fullPage: true })
  await page.goBack()
  await page.locator(`button[data-date="${showing.dateTime.slice(0, 10)}"]`).click()
  // into the order: the showing's seat step
  await page
    .locator(`[data-presentation="${showing.id}"]`)
    .getByRole("link", { name: new RegExp(`^${words.whatsOn.buyTickets}`) })
    .click()
  await expect(page).toHaveURL(new RegExp(`/order/${showing.id}/seats`))
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
}

test.describe("public pages", () => {
  test("Hebrew: a misspelt title finds the film, its page leads to a seat and its cinema's info", async ({
    page,
    request,
  }, testInfo) => {
    const list = (await (await request.get("/api/presentations/?lang=he")).json()) as PresentationList
    await journey(page, "he", list, testInfo.project.name)
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl")
  })

  test("English: a misspelt title finds the film, its page leads to a seat and its cinema's info", async ({
    page,
    request,
  }, testInfo) => {
    const list = (await (await request.get("/api/presentations/?lang=en")).json()) as PresentationList
    await journey(page, "en", list, testInfo.project.name)
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("ltr")
  })

  test("English: what's on links each film to its page and each cinema to its info", async ({ page }) => {
    // issue 17: the server's HTML paints the header before any script runs, and the app's first commit replaces
    // it with the whole screen: the page never goes blank in between (a mutation batch is what a frame can show)
    await page.addInitScript(() => {
      const seen = { serverFrame: false, blank: false }
      ;(window as { __firstPaint?: typeof seen }).__firstPaint = seen
      new MutationObserver(() => {
        const root = document.getElementById("root")
        if (root === null) return
        if (root.querySelector(".site-header__inner--first-paint") !== null) seen.serverFrame = true
        else if (seen.serverFrame && root.querySelector(".brand") === null) seen.blank = true
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto("/?lang=en")
    const movie = page.getByTestId("movie-link").first()
    await expect(movie).toBeVisible(FIRST_RENDER)
    expect(await page.evaluate(() => (window as { __firstPaint?: unknown }).__firstPaint)).toEqual({
      serverFrame: true,
      blank: false,
    })
    const title = (await movie.textContent()) ?? ""
    await movie.click()
    await expect(page.getByTestId("movie-page").getByRole("heading", { level: 1 })).toHaveText(title)
    await page.goBack()
    const cinema = page.getByTestId("cinema-link").first()
    const name = (await cinema.textContent()) ?? ""
    await cinema.click()
    await expect(page.getByTestId("cinema-page").getByRole("heading", { level: 1 })).toHaveText(name)
  })
})
