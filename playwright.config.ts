import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { defineConfig, devices } from "@playwright/test"
import { JOURNEY_CHROMIUM_ARGS } from "./e2e/chromiumFlags.ts"
import { PINNED_NOW } from "./tests/_support/pinnedClock.ts"

/**
 * Journeys in Debian's Chromium (never a downloaded browser) against the built PWA served by the real
 * server on a fresh embedded database, seeded on start exactly as `npm start` does (once for both servers).
 */
const PORT = Number(process.env.E2E_PORT ?? 4310)
/**
 * `npm test` starts these servers itself while the other tests run (scripts/e2e-servers.ts reads `webServer`
 * below) and says so with `E2E_SERVERS=started`: Playwright then reuses them instead of starting its own.
 */
const SERVERS_STARTED = process.env.E2E_SERVERS === "started"
const AS_CI = Boolean(process.env.CI) || SERVERS_STARTED
const dataDir = mkdtempSync(join(tmpdir(), "marquee-e2e-"))
/**
 * The server with non-default settings: its seat step's holds last seconds (the journey of a hold the server lets
 * lapse; the later steps keep their minutes), and it verifies the buyer's mobile number and e-mail address with a
 * code (MOBILE_VERIFICATION, EMAIL_VERIFICATION, off by the spec's defaults; the verification journey).
 */
export const SHORT_HOLD_PORT = PORT + 1
export const SHORT_HOLD_SECONDS = 10
const shortHoldDataDir = mkdtempSync(join(tmpdir(), "marquee-e2e-short-"))
/**
 * The two servers' databases are copies of one seeded once (scripts/journey-server.ts: the first of them seeds it
 * here while the other waits), not two seeded side by side.
 */
const SERVER = `"${process.execPath}" scripts/journey-server.ts "${join(mkdtempSync(join(tmpdir(), "marquee-e2e-seeded-")), "db")}"`

/**
 * The servers' clock starts at `E2E_NOW` (and the browser's, by e2e/fixtures.ts), so no journey depends on the
 * hour it runs at. `E2E_CLOCK_WALL_START` is the wall-clock moment the servers were started: set once here in the
 * runner and inherited by its workers, so a page's clock can start where the servers' clock is by then.
 */
export const E2E_NOW = process.env.E2E_NOW ?? PINNED_NOW
process.env.E2E_CLOCK_WALL_START ??= String(Date.now())
/**
 * SEED_JOURNEYS: a presentation and codes of its own for each journey (src/server/db/seed/journeys.ts);
 * MARQUEE_DEMO: the sandbox providers the journeys pay with (src/server/config/demoMode.ts).
 */
const CLOCK_AND_JOURNEYS = {
  MARQUEE_CLOCK_START: E2E_NOW,
  SEED_JOURNEYS: "1",
  MARQUEE_DEMO: "true",
  // every journey's buyer comes from 127.0.0.1, like a crowd behind one NAT: the per-client seat cap (migration
  // 0024) and the lock velocity (0074) would count the whole run as one client; their own tests
  // (tests/server/seats/clientSeatCap, holdVelocity) prove them
  MAX_SEATS_PER_CLIENT: "0",
  MAX_SEATS_PER_CLIENT_MINUTE: "0",
  // a browser with the deploy cookie gets another service worker version (src/server/http/journeyDeploys.ts)
  E2E_DEPLOYS: "true",
}

/**
 * The journey that moves the main server's clock (`POST /api/e2e/clock`, src/server/http/e2eClock.ts: an unpaid
 * hold past its cut-off) runs in a project of its own after every other journey (`dependencies`), so no journey
 * runs while the clock is moved, then once more on the phone (`moved-clock-phone`, after it); each moves the
 * clock back when it ends. Where another journey failed, it does not run.
 */
const MOVED_CLOCK = /hold-cutoff\.spec\.ts/

/**
 * A server is ready when it says so (src/server/main.ts prints it once every route is attached), or when its
 * config answers: whichever comes first, so one readiness probe that hangs cannot stall the run.
 */
const READY = { stdout: /is ready at/ }

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  // two: a third worker on this 2-core machine made the run slower (376 s against 348 s, the CPU already 94 % busy)
  workers: 2,
  // `npm test` (which starts the servers itself, SERVERS_STARTED) runs the journeys as CI does: a failed journey is
  // tried once more, with a trace. Tracing every journey in case it fails cost 82 % more browser CPU (6.3 CPU-s
  // against 3.5 for the same page loads, six alternating rounds): a whole `npm test` outside CI paid it. A journey
  // run alone (`npx playwright test …`) keeps every failure's trace and is never retried.
  retries: AS_CI ? 1 : 0,
  // under CI also each journey's duration in test-results/journeys.json, to see where the run's minutes go
  reporter: process.env.CI ? [["line"], ["json", { outputFile: "test-results/journeys.json" }]] : "list",
  timeout: 45_000,
  // A 2-core CI machine runs the server, its embedded database and two browsers at once.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: JOURNEY_CHROMIUM_ARGS,
    },
    // A trace is recorded for every journey even when only a failure keeps it: under CI it is recorded on the retry
    // of a failed journey instead, as under npm test (the same journeys took 100-106 s traced, 84-88 s not, here)
    trace: AS_CI ? "on-first-retry" : "retain-on-failure",
    // A journey's fresh browser would install the service worker and precache the whole app (about 180 files) in
    // the background: 16 % of a journey's time on this machine, for nothing it checks. The journeys that prove
    // offline use allow it (`test.use({ serviceWorkers: "allow" })`).
    serviceWorkers: "block",
  },
  projects: [
    { name: "desktop", testIgnore: MOVED_CLOCK, use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "phone", testIgnore: MOVED_CLOCK, use: { ...devices["Pixel 7"], channel: undefined } },
    {
      name: "moved-clock",
      testMatch: MOVED_CLOCK,
      dependencies: ["desktop", "phone"],
      // its journeys are desktop ones (e2e/fixtures.ts reads the viewport from here)
      metadata: { viewport: "desktop" },
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      // the same journeys on the phone, after the desktop's: never two of them moving the one clock at once
      name: "moved-clock-phone",
      testMatch: MOVED_CLOCK,
      dependencies: ["moved-clock"],
      metadata: { viewport: "phone" },
      use: { ...devices["Pixel 7"], channel: undefined },
    },
  ],
  webServer: [
    {
      command: SERVER,
      url: `http://127.0.0.1:${PORT}/api/config`,
      wait: READY,
      timeout: 420_000,
      reuseExistingServer: SERVERS_STARTED,
      stdout: "pipe",
      // SAVE_CARD: the saved-card journey keeps a card, which the spec's default flags do not offer;
      // ENABLED_LOCALES: Arabic besides the default three, as configuration alone enables it (the GA journey)
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SAVE_CARD: "true",
        ENABLED_LOCALES: "he,en,ru,ar",
        ...CLOCK_AND_JOURNEYS,
        // this server's clock can be moved by a journey (MOVED_CLOCK); never set outside the journeys
        E2E_CLOCK_MOVES: "true",
      },
    },
    {
      command: SERVER,
      url: `http://127.0.0.1:${SHORT_HOLD_PORT}/api/config`,
      wait: READY,
      timeout: 420_000,
      reuseExistingServer: SERVERS_STARTED,
      stdout: "pipe",
      env: {
        PORT: String(SHORT_HOLD_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: shortHoldDataDir,
        DATABASE_URL: "",
        SEAT_HOLD_SECONDS: String(SHORT_HOLD_SECONDS),
        MOBILE_VERIFICATION: "true",
        EMAIL_VERIFICATION: "true",
        ...CLOCK_AND_JOURNEYS,
      },
    },
  ],
})
