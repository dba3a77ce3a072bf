import { expect, serverNow, test } from "./fixtures.ts"

/**
 * The browser runs on the servers' pinned clock (fixtures.ts): it reads the pinned instant, not the hour the run
 * happens at, and its time still flows, so timers fire as they would (the countdown journeys wait on them).
 */
test("the page's clock starts where the servers' clock is, and keeps running", async ({ page }) => {
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
