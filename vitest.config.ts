import { defineConfig } from "vitest/config"

/**
 * One Vitest run for unit, property and integration tests, in two projects that share the run's workers.
 *
 * - `server` (tests/server, tests/cli, tests/scripts, tests/lint, and every `*.integration.test.ts`): integration
 *   tests start the real HTTP server on the embedded database and on the PostgreSQL server (`TEST_DATABASE_URL`,
 *   default the local one); each file gets a database of its own, copied from one seeded per run
 *   (tests/_support/globalSetup.ts), so files may run in parallel. A worker process is reused from file to file
 *   (`isolate: false`): importing the server and compiling PGlite's WebAssembly once per worker instead of once
 *   per file took the whole run from 299 s to 193 s on this 2-core machine. So a server test file never changes
 *   `process.env` (settings go to the servers it starts: `bothDatabases(label, { env })`) and restores every
 *   global it stubs.
 * - `pure` (the rest of tests/domain and tests/api, and the app tests in SHARED_APP_TESTS): the domain and the API's
 *   shapes keep no state in modules, so their files share a worker's module registry (`isolate: false`) and import
 *   Effect and fast-check once per worker instead of once per file.
 * - `unit` (the rest of tests/app): browser-side tests, each file in a fresh module registry, because the app
 *   keeps per-page state in modules (the active locale, the cart's singletons).
 */
/**
 * Browser-side tests that share a module registry (the `pure` project): none imports, even indirectly, a module that
 * keeps state (a top-level `let`, a cache, a singleton, IndexedDB), a shared fixture that counts, or touches a global
 * (`vi`, `window`, `document`, `process.env`). A new app test runs isolated (`unit`) until it is checked and listed.
 */
const SHARED_APP_TESTS = [
  "tests/app/edocument/asOfNow.test.ts",
  "tests/app/edocument/savedBeforePasses.test.ts",
  "tests/app/featureGraph.test.ts",
  "tests/app/i18n/locales.test.ts",
  "tests/app/i18n/translations.test.ts",
  "tests/app/i18n/wording.test.ts",
  "tests/app/lib/chunkReload.test.ts",
  "tests/app/lib/idleTimer.test.ts",
  "tests/app/lib/savedAtHeader.test.ts",
  "tests/app/order/customer/consents.test.ts",
  "tests/app/payment/calendar.test.ts",
  "tests/app/payment/confirmationOffers.test.ts",
  "tests/app/payment/figures.test.ts",
  "tests/app/seating/bestAvailableUrl.test.ts",
  "tests/app/seatmap/camera.test.ts",
  "tests/app/seatmap/pickIndex.test.ts",
  "tests/app/seatmap/seatGridNavigation.test.ts",
  "tests/app/seatmap/sectionLabels.test.ts",
  "tests/app/seatmap/shownSection.test.ts",
  "tests/app/seatmap/tooltipPlacement.test.ts",
  "tests/app/shop/membershipChoice.test.ts",
  "tests/app/vod/device.test.ts",
  "tests/app/waiver/waiverDraft.test.ts",
]

export default defineConfig({
  test: {
    environment: "node",
    // under CI, each file's and test's duration also go to test-results/vitest.json (what to speed up next)
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: "test-results/vitest.json" }]]
      : ["default"],
    testTimeout: 60_000,
    pool: "forks",
    // three on this 2-core machine: the integration tests wait on PostgreSQL, the disk and their own HTTP calls
    // often enough that a third worker fills the idle time (203 s -> 194 s for the whole run, quiet machine)
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: "pure",
          // first, while tests/_support/globalSetup.ts seeds the server tests' templates
          sequence: { groupOrder: 0 },
          include: ["tests/{domain,api}/**/*.test.{ts,tsx}", ...SHARED_APP_TESTS],
          exclude: ["**/*.integration.test.*", "**/node_modules/**"],
          // safe while src/domain and src/api hold no module state (no top-level `let`, cache or singleton) and no
          // file here stubs a global or mocks a module; checked by running this project shuffled in one worker
          // (`--sequence.shuffle --maxWorkers=1`); a file that needs its own registry belongs in `unit`
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["tests/app/**/*.test.{ts,tsx}"],
          exclude: ["**/*.integration.test.*", "**/node_modules/**", ...SHARED_APP_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          sequence: { groupOrder: 1 },
          include: [
            "tests/{server,cli,scripts,lint}/**/*.test.{ts,tsx}",
            "tests/**/*.integration.test.{ts,tsx}",
          ],
          globalSetup: ["tests/_support/globalSetup.ts"],
          isolate: false,
          // a server test that takes 5 s on a quiet machine took 40 s in CI beside the journeys (load 15 on 2 cores):
          // two minutes keeps such a test from failing on load alone; a real hang still fails
          testTimeout: 120_000,
          // a file's beforeAll waits for the run's templates (the global setup seeds them: seconds on a quiet
          // machine, minutes on a loaded one); a hook that is really stuck still fails
          hookTimeout: 600_000,
        },
      },
    ],
  },
})
