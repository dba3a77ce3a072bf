import { defineConfig } from "vitest/config"

/**
 * One Vitest run for unit, property and integration tests. Integration tests start the real HTTP server on
 * the embedded database and on the PostgreSQL server (`TEST_DATABASE_URL`, default the local one); each file
 * gets a database of its own, copied from one seeded per run (tests/_support/globalSetup.ts), so files may
 * run in parallel.
 */
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    globalSetup: ["tests/_support/globalSetup.ts"],
    testTimeout: 60_000,
    // the first file that needs a seeded database builds the run's template in its beforeAll (seconds on a
    // quiet machine, minutes on a loaded one); a hook that is really stuck still fails
    hookTimeout: 600_000,
    pool: "forks",
    maxWorkers: 2,
  },
})
