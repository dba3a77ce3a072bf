import { expect, onlyOn, serverNow, test } from "./fixtures.ts"

/**
 * The browser runs on the servers' pinned clock (fixtures.ts): it reads the pinned instant, not the hour the run
 * happens at, and its time still flows, so timers fire as they would (the countdown journeys wait on them).
 */
test("the page's clock starts where the servers' clock is, and keeps running", async ({ page }, testInfo) => {
  onlyOn(testInfo, "desktop")
  await page.goto("/?lang=en")
  const expected = serverNow().getTime()
  const [pageNow, fired] = await page.evaluate(async () => {
    const start = Date.now()
    // a timer that did not fire would leave this promise pending and fail the test on its timeout
    const waited = await new Promise<number>((resolve) => setTimeout(() => resolve(Date.now() - start), 200))
    return [start, waited] as const
  })
  // the page loads in seconds; the real clock is days away from the pinned instant
  expect(Math.abs(pageNow - expected)).toBeLessThan(30_000)
  expect(fired).toBeGreaterThanOrEqual(200)
  expect(fired).toBeLessThan(10_000)
})

test("a Date the browser makes itself is still a Date to the page", async ({ page }, testInfo) => {
  onlyOn(testInfo, "phone")
  await page.goto("/?lang=en")
  const checks = await page.evaluate(() => ({
    made: new Date() instanceof Date,
    parsed: new Date("2026-11-24T08:00:00Z") instanceof Date,
    // structuredClone makes its Date with the engine's own constructor, as IndexedDB does for stored ones
    cloned: structuredClone(new Date()) instanceof Date,
    notADate: ({} as unknown) instanceof Date,
  }))
  expect(checks).toEqual({ made: true, parsed: true, cloned: true, notADate: false })
})
