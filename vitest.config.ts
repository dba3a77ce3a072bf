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
 * - `unit` (the rest of tests/domain, tests/api, tests/app): pure and browser-side tests, each file in a fresh
 *   module registry, because the app keeps per-page state in modules (the active locale, the cart's singletons).
 */
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
          name: "unit",
          // first, while tests/_support/globalSetup.ts seeds the server tests' templates
          sequence: { groupOrder: 0 },
          include: ["tests/{domain,api,app}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.integration.test.*", "**/node_modules/**"],
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
