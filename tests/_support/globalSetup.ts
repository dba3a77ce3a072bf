import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"
import type { TestProject } from "vitest/node"
import { dropDatabase, postgresReachable } from "./postgres.ts"
import { buildTemplates, type SeedRun } from "./seededTemplates.ts"

/**
 * Names this run's seeded templates (tests/_support/seededTemplates.ts), starts building them at once in this
 * process (the `unit` project runs first, vitest.config.ts `groupOrder`, so the workers test while the templates
 * are seeded instead of waiting for them), and removes both when the run ends, passed or failed. The names carry
 * the run's own random part, so two runs at once never share one.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "marquee-run-"))
  const id = basename(dir)
    .slice("marquee-run-".length)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
  const run: SeedRun = { dir, postgresTemplate: `marquee_template_${process.pid}_${id}` }
  project.provide("seedRun", run)
  // a failure is written beside the templates, where the first test file that needs one reads and reports it
  const building = postgresReachable()
    .then((withPostgres) => buildTemplates(run, withPostgres))
    .catch(() => undefined)
  return async () => {
    await building
    try {
      // a `.lock` means the template was started, so it may exist
      if (existsSync(join(dir, "postgres.lock"))) await dropDatabase(run.postgresTemplate)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
