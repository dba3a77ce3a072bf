import type { Page } from "@playwright/test"
import { BACKGROUND, SEAT_COLORS } from "../src/app/seatmap/palette.ts"
import type { SeatMapDebug } from "../src/app/seatmap/seatMapContract.ts"
import { test as base, expect, onlyOn } from "./fixtures.ts"
import { SeatListPage } from "./pages/seat-list-page.ts"
import { journeyPresentation } from "./presentations.ts"

const test = base.extend<{ seatList: SeatListPage }>({
  seatList: async ({ page }, use) => {
    await use(new SeatListPage(page))
  },
})

/** The seat map's test hook (`SEAT_MAP_TEST_HOOK` in createSeatMap.ts; a page script cannot import it). */
const HOOK = "__marqueeSeatMap"

/** the colours a free seat may have, by its kind */
const FREE_COLORS = [
  SEAT_COLORS.available,
  SEAT_COLORS.wheelchair,
  SEAT_COLORS.companion,
  SEAT_COLORS.limitedView,
  SEAT_COLORS.premium,
]

type Hooked = HTMLElement & Record<string, () => SeatMapDebug>

const seatCount = (page: Page) =>
  page.evaluate(
    (hook) =>
      (document.querySelector("[data-testid='seat-map']") as Hooked | null)?.[hook]?.().seatCount ?? 0,
    HOOK,
  )

/** Where the map shows the seat at `place` ("section:x:y"), in CSS pixels from the window's top-left. */
const seatPosition = (page: Page, place: string) =>
  page.evaluate(
    ({ hook, place }) => {
      const debug = (document.querySelector("[data-testid='seat-map']") as Hooked)[hook]?.()
      const [section, x, y] = place.split(":").map(Number)
      const index = debug?.indexOfPlace(section ?? 0, x ?? 0, y ?? 0)
      return index === undefined ? undefined : debug?.screenPositionOf(index)
    },
    { hook: HOOK, place },
  )

/**
 * The RGB of the canvas pixel shown at a CSS point of the map's window, from whichever painter draws, through the
 * map's test hook (a canvas handed to the painting worker cannot be read by the page; the worker reads it back
 * after the frames sent before). The canvas is larger than the window and moved inside it, so the point is taken
 * through both boxes as the browser lays them out.
 */
const pixelAt = (page: Page, point: { x: number; y: number }) =>
  page.evaluate(
    async ({ hook, point }) => {
      const frame = document.querySelector("[data-testid='seat-map']") as Hooked
      const canvas = frame.querySelector("canvas") as HTMLCanvasElement
      const debug = frame[hook]?.()
      if (debug === undefined) return null
      const ratio = debug.pixelRatio
      const window = frame.getBoundingClientRect()
      const drawn = canvas.getBoundingClientRect()
      const cssX = point.x + window.left + frame.clientLeft - drawn.left
      const cssY = point.y + window.top + frame.clientTop - drawn.top
      const rgb = await debug.readPixel(Math.floor(cssX * ratio), Math.floor(cssY * ratio))
      return rgb === null ? null : [...rgb]
    },
    { hook: HOOK, point },
  )

const debugOf = (page: Page, key: "draws" | "frames" | "contextLost") =>
  page.evaluate(
    ({ hook, key }) => (document.querySelector("[data-testid='seat-map']") as Hooked | null)?.[hook]?.()[key],
    { hook: HOOK, key },
  )

const rendererOf = (page: Page) =>
  page.evaluate(
    (hook) => (document.querySelector("[data-testid='seat-map']") as Hooked | null)?.[hook]?.().renderer,
    HOOK,
  )

/** The seat map's painting workers the page starts from now on (seatMapWorkerStart.ts), by their script. */
const seatMapPainters = (page: Page): ReadonlyArray<string> => {
  const painters: Array<string> = []
  page.on("worker", (worker) => {
    if (worker.url().includes("seatMapWorker")) painters.push(worker.url())
  })
  return painters
}

// after a hold, wait for "mine", not just pressed: a pending hold is pressed too, and a second press while it
// is pending is ignored by the list
test.describe("order: the seat map", () => {
  test("a seat picked in the list or on the map shows in the 'mine' colour, unmirrored in Hebrew", async ({
    page,
    request,
    seatList,
  }, testInfo) => {
    const presentation = await journeyPresentation(request, "seatmap/mine-colour", testInfo)
    const painters = seatMapPainters(page)
    await seatList.open(presentation.id)
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl")
    const map = page.getByTestId("seat-map")
    await expect(map).toBeVisible()
    await expect.poll(() => seatCount(page)).toBeGreaterThan(0)
    // a hall of cinema size is drawn by Canvas 2D: no WebGL context on the way to its first frame, and no painting
    // worker started for it (the showing's capacity told the screen so before the hall arrived)
    expect(await rendererOf(page)).toBe("canvas2d")
    expect(painters).toEqual([])

    const place = await seatList.firstFreeSeat()
    const key = `${place.VenueSectionId}:${place.x}:${place.y}`
    const position = await seatPosition(page, key)
    if (position === undefined) throw new Error(`the map has no seat ${key}`)
    const box = await map.boundingBox()
    expect(position.x).toBeGreaterThan(0)
    expect(position.y).toBeGreaterThan(0)
    expect(position.x).toBeLessThan(box?.width ?? 0)
    expect(position.y).toBeLessThan(box?.height ?? 0)

    // the hall keeps its own left and right in a right-to-left page: the list's row strip is in hall order
    const strip = page.locator(".seat-row", { has: seatList.seatAt(place) }).getByTestId("seat")
    const first = await strip.first().getAttribute("data-place")
    const last = await strip.last().getAttribute("data-place")
    if (first !== last) {
      const left = await seatPosition(page, first ?? "")
      const right = await seatPosition(page, last ?? "")
      expect(left?.x ?? 0).toBeLessThan(right?.x ?? 0)
    }

    const freeColors = FREE_COLORS.map((c) => [...c])
    await expect.poll(() => pixelAt(page, position)).toBeTruthy()
    expect(freeColors).toContainEqual(await pixelAt(page, position))

    await seatList.seatAt(place).click()
    await expect(seatList.seatAt(place)).toHaveAttribute("data-state", "mine")
    await expect.poll(() => pixelAt(page, position)).toEqual([...SEAT_COLORS.mine])

    // and letting it go through the list gives the seat its free colour back
    await seatList.seatAt(place).click()
    await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "false")
    const freeKeys = freeColors.map((c) => c.join())
    await expect.poll(async () => freeKeys.includes((await pixelAt(page, position))?.join() ?? "")).toBe(true)

    // a click on the map does what the list's button does: hold, then release
    await map.click({ position })
    await expect(seatList.seatAt(place)).toHaveAttribute("data-state", "mine")
    await expect.poll(() => pixelAt(page, position)).toEqual([...SEAT_COLORS.mine])

    // dragging moves the hall (the compositor moves the map inside its window): the seat keeps its colour
    // where it went, and a click there still finds it
    const frame = await map.boundingBox()
    if (frame === null) throw new Error("the map has no box")
    const grab = { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 }
    await page.mouse.move(grab.x, grab.y)
    await page.mouse.down()
    for (let step = 1; step <= 4; step++) await page.mouse.move(grab.x + 6 * step, grab.y + 3 * step)
    await page.mouse.up()
    const moved = await seatPosition(page, key)
    if (moved === undefined) throw new Error(`the map lost seat ${key}`)
    expect(moved.x).toBeCloseTo(position.x + 24, 0)
    expect(moved.y).toBeCloseTo(position.y + 12, 0)
    await expect.poll(() => pixelAt(page, moved)).toEqual([...SEAT_COLORS.mine])

    // a second drag within the drawn margin draws nothing: only the canvas moves, and the seat is still right
    const drawsBefore = await debugOf(page, "draws")
    await page.mouse.move(grab.x, grab.y)
    await page.mouse.down()
    for (let step = 1; step <= 4; step++) await page.mouse.move(grab.x - 5 * step, grab.y + 2 * step)
    await page.mouse.up()
    const again = await seatPosition(page, key)
    if (again === undefined) throw new Error(`the map lost seat ${key}`)
    expect(again.x).toBeCloseTo(moved.x - 20, 0)
    await expect.poll(() => pixelAt(page, again)).toEqual([...SEAT_COLORS.mine])
    expect(await debugOf(page, "draws")).toBe(drawsBefore)

    // the seat's tooltip stays inside the map: the page never scrolls sideways for it (on a phone it did)
    const mapBox = await map.boundingBox()
    if (mapBox === null) throw new Error("the map has no box")
    await page.mouse.move(mapBox.x + again.x, mapBox.y + again.y)
    await expect(page.getByTestId("seat-map-tooltip")).toBeVisible()
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)

    // the wheel (a desktop's; the phone's pinch is unit-tested) zooms about the pointer: the compositor scales
    // the drawing while the wheel turns, and once it rests the seats are drawn again, sharp, with the seat
    // still under the pointer and still mine
    let seatNow = again
    if (testInfo.project.name === "desktop") {
      const drawsBeforeWheel = (await debugOf(page, "draws")) as number
      await page.mouse.wheel(0, -150)
      await expect.poll(() => debugOf(page, "draws")).toBeGreaterThan(drawsBeforeWheel)
      const zoomed = await seatPosition(page, key)
      if (zoomed === undefined) throw new Error(`the map lost seat ${key}`)
      expect(Math.abs(zoomed.x - again.x)).toBeLessThan(2)
      expect(Math.abs(zoomed.y - again.y)).toBeLessThan(2)
      await expect(map.locator("canvas").first()).not.toHaveAttribute("style", /scale\(/)
      await expect.poll(() => pixelAt(page, zoomed)).toEqual([...SEAT_COLORS.mine])
      seatNow = zoomed
    }
    await map.click({ position: seatNow })
    await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "false")
  })

  test("a tap on the map does not flash it: the browser's tap highlight is off over the hall", async ({
    page,
    request,
    seatList,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "a tap highlight is a touch screen's")
    // the page is only looked at, no seat is held: any presentation will do
    const presentation = await journeyPresentation(request, "seatmap/tap-highlight", testInfo)
    await seatList.open(presentation.id, "en")
    const map = page.getByTestId("seat-map")
    await expect(map).toBeVisible()
    // Chromium paints the highlight of the element tapped with its inherited colour: the window and each canvas
    const colours = await map.evaluate((viewport) =>
      [viewport, ...viewport.querySelectorAll("canvas")].map((element) =>
        getComputedStyle(element).getPropertyValue("-webkit-tap-highlight-color"),
      ),
    )
    expect(colours.length).toBeGreaterThan(1)
    for (const colour of colours) expect(colour).toBe("rgba(0, 0, 0, 0)")
  })

  test("a lost WebGL context is survived: the map draws again, with what changed meanwhile, when it is back", async ({
    page,
    request,
    seatList,
  }, testInfo) => {
    test.skip(testInfo.project.name === "phone", "one browser is enough")
    // a hall of cinema size is drawn by Canvas 2D: the amphitheatre's thousands of seats get WebGL
    test.slow()
    // the open-air amphitheatre: more seats than Canvas 2D draws (SMALL_HALL_SEATS)
    const presentation = await journeyPresentation(request, "seatmap/lost-context", testInfo)
    const painters = seatMapPainters(page)
    await seatList.open(presentation.id, "en")
    await expect.poll(() => seatCount(page), { timeout: 60_000 }).toBeGreaterThan(0)
    expect(await rendererOf(page)).toBe("webgl")
    // one painting worker, started ahead of the hall (the small hall's journey above sees none)
    expect(painters).toHaveLength(1)
    // its 22,820 seats are listed a block at a time (shownSection.ts), the chooser saying what each has free
    const blocks = page.getByTestId("seat-list-section")
    await expect(blocks.locator("option")).toHaveCount(8)
    await expect(blocks.locator("option:checked")).toHaveText(/^Block A — [\d,]+ free$/)
    const blockA = await page.getByTestId("seat").count()
    expect(blockA).toBeLessThan(22_820 / 4)
    const place = await seatList.firstFreeSeat()
    const position = await seatPosition(page, `${place.VenueSectionId}:${place.x}:${place.y}`)
    if (position === undefined) throw new Error("the map has no such seat")
    const isFree = async () => FREE_COLORS.map(String).includes(String(await pixelAt(page, position)))
    await expect.poll(isFree).toBe(true)

    // the GPU process drops the context (a driver reset, memory pressure): the browser's own extension does it,
    // in the painting worker that owns the context (through the test hook)
    const loseContext = (lose: boolean) =>
      page.evaluate(
        ({ hook, lose }) =>
          (document.querySelector("[data-testid='seat-map']") as Hooked)[hook]?.().loseContext(lose),
        { hook: HOOK, lose },
      )
    expect(await loseContext(true)).toBe(true)
    await expect.poll(() => debugOf(page, "contextLost")).toBe(true)
    // the seat is chosen while nothing can be drawn: the list still works
    await seatList.seatAt(place).click()
    await expect(seatList.seatAt(place)).toHaveAttribute("data-state", "mine")

    await loseContext(false)
    await expect.poll(() => debugOf(page, "contextLost")).toBe(false)
    await expect.poll(() => pixelAt(page, position)).toEqual([...SEAT_COLORS.mine])
    await seatList.seatAt(place).click()
    await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "false")
    await expect.poll(isFree).toBe(true)

    // another block in the chooser lists that block's seats instead
    await blocks.selectOption({ index: 1 })
    await expect(page.getByRole("heading", { name: "Block B", exact: true })).toBeVisible()
    await expect(page.getByRole("heading", { name: "Block A", exact: true })).toHaveCount(0)
  })

  test.describe("with the service worker (playwright.config.ts blocks it elsewhere)", () => {
    test.use({ serviceWorkers: "allow" })
    test("the hall comes as the compact seatplan and its statuses as a bitmap; the service worker keeps the hall", async ({
      page,
      request,
      seatList,
    }, testInfo) => {
      test.skip(testInfo.project.name === "phone", "one browser is enough")
      const presentation = await journeyPresentation(request, "seatmap/compact-bitmap", testInfo)
      const compact = page.waitForResponse((response) =>
        response.url().includes("/api/seats/seatplan-compact"),
      )
      // once the hall is there, who holds what comes as two bits a seat
      const bitmap = page.waitForResponse((response) =>
        response.url().includes("/api/seats/seats-status-bitmap"),
      )
      await seatList.open(presentation.id, "en")
      expect((await compact).headers()["content-type"]).toBe("application/vnd.marquee.seatplan")
      expect((await bitmap).headers()["content-type"]).toBe("application/vnd.marquee.seat-status")
      await expect.poll(() => seatCount(page)).toBeGreaterThan(0)
      // the worker controls the page from its first install on: a reload fetches the hall through it
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
      await seatList.reload()
      const kept = () =>
        page.evaluate(async () => {
          const cache = await caches.open("api-seatplans")
          return (await cache.keys()).map((request) => new URL(request.url).pathname)
        })
      await expect.poll(kept).toContain("/api/seats/seatplan-compact")
    })
  })

  test("a browser that cannot hand a canvas to a worker draws a large hall with Canvas 2D on the page", async ({
    page,
    request,
    seatList,
  }, testInfo) => {
    onlyOn(testInfo, "desktop")
    test.slow()
    // as in Safari before 16.4: no `transferControlToOffscreen`, so regl's worker cannot paint (workerPainter.ts)
    await page.addInitScript(() => {
      Reflect.deleteProperty(HTMLCanvasElement.prototype, "transferControlToOffscreen")
    })
    // only looked at, no seat held: the amphitheatre, more seats than Canvas 2D draws by choice (SMALL_HALL_SEATS)
    const presentation = await journeyPresentation(request, "seatmap/no-offscreen", testInfo)
    await seatList.open(presentation.id, "en")
    await expect.poll(() => seatCount(page), { timeout: 60_000 }).toBeGreaterThan(0)
    expect(await rendererOf(page)).toBe("canvas2d")
    const place = await seatList.firstFreeSeat()
    const position = await seatPosition(page, `${place.VenueSectionId}:${place.x}:${place.y}`)
    if (position === undefined) throw new Error("the map has no such seat")
    // its seats are smaller than three pixels here, squares that Canvas 2D smooths into the background: the seat's
    // pixel is drawn, not the background, though not always in a palette colour
    const background = String(BACKGROUND)
    await expect
      .poll(async () => {
        const pixel = await pixelAt(page, position)
        return pixel !== null && String(pixel) !== background
      })
      .toBe(true)
  })

  test("without WebGL the map draws with Canvas 2D, and a selected seat still changes colour", async ({
    page,
    request,
    seatList,
  }, testInfo) => {
    onlyOn(testInfo, "desktop")
    // a browser without WebGL: every WebGL context request answers null, as where it is disabled or blocked
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: []) {
        if (kind === "webgl" || kind === "webgl2" || kind === "experimental-webgl") return null
        return original.call(this, kind as "2d", ...rest)
      } as typeof original
    })
    const presentation = await journeyPresentation(request, "seatmap/canvas2d", testInfo)
    await seatList.open(presentation.id, "en")
    const map = page.getByTestId("seat-map")
    await expect(map).toBeVisible()
    await expect.poll(() => seatCount(page)).toBeGreaterThan(0)
    expect(await rendererOf(page)).toBe("canvas2d")

    const place = await seatList.firstFreeSeat()
    const position = await seatPosition(page, `${place.VenueSectionId}:${place.x}:${place.y}`)
    if (position === undefined) throw new Error("the map has no such seat")
    const freeColors = FREE_COLORS.map((c) => [...c])
    await expect
      .poll(async () => freeColors.map(String).includes(String(await pixelAt(page, position))))
      .toBe(true)

    // a click on the 2D map holds the seat, as on the WebGL one
    await map.click({ position })
    await expect(seatList.seatAt(place)).toHaveAttribute("data-state", "mine")
    await expect.poll(() => pixelAt(page, position)).toEqual([...SEAT_COLORS.mine])
    await seatList.seatAt(place).click()
    await expect(seatList.seatAt(place)).toHaveAttribute("aria-pressed", "false")
    await expect
      .poll(async () => freeColors.map(String).includes(String(await pixelAt(page, position))))
      .toBe(true)
  })
})
