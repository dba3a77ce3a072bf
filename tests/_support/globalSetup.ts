import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"
import type { TestProject } from "vitest/node"
import { dropDatabase } from "./postgres.ts"
import type { SeedRun } from "./seededTemplates.ts"

/**
 * Names this run's seeded templates (tests/_support/seededTemplates.ts) and removes them when the run ends,
 * passed or failed. The names carry the run's own random part, so two runs at once never share one.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "marquee-run-"))
  const id = basename(dir)
    .slice("marquee-run-".length)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
  const run: SeedRun = { dir, postgresTemplate: `marquee_template_${process.pid}_${id}` }
  project.provide("seedRun", run)
  return async () => {
    try {
      // a `.lock` means some test file started building the template, so it may exist
      if (existsSync(join(dir, "postgres.lock"))) await dropDatabase(run.postgresTemplate)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
