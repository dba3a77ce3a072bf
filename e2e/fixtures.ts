import { type BrowserContext, test as base, expect, type TestInfo } from "@playwright/test"
import { PINNED_NOW } from "../tests/_support/pinnedClock.ts"
import { WhatsOnPage } from "./pages/whats-on-page.ts"
import { screenshotsWanted } from "./screenshots.ts"

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
 * How a browser context follows the servers' clock. `shifted` (the default): the page's `Date` reads the
 * servers' instant and every timer stays the browser's own, so pages, the seat map's animation frames and the
 * service worker run at full speed. `installed`: Playwright's fake clock (`clock.install`), for a journey that
 * must move time itself (`page.clock.fastForward`); its timers are driven by Playwright, which made the whole
 * suite several times slower when every journey used it (20 min against 5 here).
 */
export type BrowserClock = "shifted" | "installed"

/** Shifts the page's `Date` (construction with no arguments and `Date.now`) by a fixed offset; nothing else. */
const shiftDate = (offsetMs: number) => {
  const RealDate = Date
  class ShiftedDate extends RealDate {
    constructor(...args: ReadonlyArray<unknown>) {
      if (args.length === 0) super(RealDate.now() + offsetMs)
      // biome-ignore lint/suspicious/noExplicitAny: Date's overloads take what the page passes on
      else super(...(args as [any]))
    }
    static override now(): number {
      return RealDate.now() + offsetMs
    }
    /** Dates the engine makes (IndexedDB, structuredClone, another frame's) are the real Date's: still Dates. */
    static override [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof RealDate
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor
}

/** Puts a browser context on the servers' clock, before any page of it runs a script. */
export const pinClock = async (context: BrowserContext, how: BrowserClock = "shifted"): Promise<void> => {
  if (how === "installed") await context.clock.install({ time: serverNow() })
  else await context.addInitScript(shiftDate, serverNow().getTime() - Date.now())
}

/** Every journey's browser runs on the pinned clock: specs take `test` and `expect` from here, never Playwright. */
export const test = base.extend<{
  whatsOn: WhatsOnPage
  browserClock: BrowserClock
  cspRefusalsExpected: RegExp | undefined
  oneViewportPerLanguage: undefined
}>({
  browserClock: ["shifted", { option: true }],
  // refusals a journey provokes on purpose, each matched in full (e2e/xss.spec.ts: Chromium checks the policy even
  // while the sanitizer parses stored payloads in its inert document, and reports what it would refuse); any other
  // refusal still fails the journey
  cspRefusalsExpected: [undefined, { option: true }],
  // A journey named for its language ("Hebrew: …", "English: …") runs once, where its buyers mostly are: Hebrew on
  // the phone, English on the desktop (each project has its own seeded data, so either run alone is whole).
  // `npm run screenshots` runs both, for the pictures of each language on each viewport.
  oneViewportPerLanguage: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      const language = /^(Hebrew|English)\b/.exec(testInfo.title)?.[1]
      // a project of journeys that must run apart (playwright.config.ts `moved-clock`) names its viewport
      const viewport = (testInfo.project.metadata as { viewport?: string }).viewport ?? testInfo.project.name
      if (!screenshotsWanted && language !== undefined)
        testInfo.skip(viewport !== (language === "Hebrew" ? "phone" : "desktop"), "one viewport per language")
      await use(undefined)
    },
    { auto: true },
  ],
  context: async ({ context, browserClock }, use) => {
    await pinClock(context, browserClock)
    await use(context)
  },
  // every journey also proves the shell's Content-Security-Policy (issue 14, item 9) refuses nothing the app does:
  // each document reports its violations (an eval refused inside a library logs nothing to the console)
  page: async ({ page, cspRefusalsExpected }, use) => {
    const refused: Array<string> = []
    await page.exposeFunction("__marqueeCspViolation", (what: string) => {
      refused.push(what)
    })
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { __marqueeCspViolation?: (what: string) => void })
          .__marqueeCspViolation
        report?.(
          `${event.effectiveDirective} refused ${event.blockedURI || "inline"} on ${location.pathname}`,
        )
      })
    })
    await use(page)
    const unexpected = refused.filter((what) => cspRefusalsExpected?.test(what) !== true)
    expect(unexpected, "the app broke its own Content-Security-Policy").toEqual([])
  },
  whatsOn: async ({ page }, use) => {
    await use(new WhatsOnPage(page))
  },
})

export { expect }

/**
 * A journey whose viewport adds nothing to what it proves runs on one project only, as the language-named journeys
 * do: the suite's time goes to journeys that prove something different (issue 13: `npm test` within 10 minutes).
 * Spread them over both projects so each viewport keeps its share. A screenshot run takes both.
 */
export const onlyOn = (
  testInfo: TestInfo,
  project: "desktop" | "phone",
  why = "one viewport is enough",
): void => test.skip(!screenshotsWanted && testInfo.project.name !== project, why)
