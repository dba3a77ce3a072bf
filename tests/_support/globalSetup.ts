import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { TestProject } from "vitest/node"
import { SEED_NODE_FLAGS } from "./nodeFlags.ts"
import { dropDatabase, postgresReachable } from "./postgres.ts"
import { type SeedRun, type TemplateKind, templateMarkers } from "./seededTemplates.ts"

/**
 * Names this run's seeded templates (tests/_support/seededTemplates.ts), starts building them at once, each in a
 * process of its own (buildTemplate.ts; the `unit` project runs first, vitest.config.ts `groupOrder`, so the
 * workers test while the templates are seeded instead of waiting for them), and removes both when the run ends,
 * passed or failed. The names carry the run's own random part, so two runs at once never share one.
 */
const BUILDER = join(dirname(fileURLToPath(import.meta.url)), "buildTemplate.ts")

/** Builds `kind`'s template in a child process (buildTemplate.ts says why); settles when it exits. */
const buildInChild = (run: SeedRun, kind: TemplateKind): Promise<void> =>
  new Promise((resolve) => {
    // a seed's V8 flags (nodeFlags.ts)
    const child = spawn(
      process.execPath,
      [...SEED_NODE_FLAGS, BUILDER, kind, run.dir, run.postgresTemplate],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    )
    let errors = ""
    child.stderr?.setEncoding("utf8")
    child.stderr?.on("data", (chunk: string) => {
      errors = (errors + chunk).slice(-4_000)
    })
    const ended = (why: string) => {
      // a build that died before saying how it went: the waiting test files read why instead of timing out
      const { ready, failed } = templateMarkers(run, kind)
      if (!existsSync(ready) && !existsSync(failed)) writeFileSync(failed, `${why}\n${errors}`)
      resolve()
    }
    child.on("error", (error) => ended(`the ${kind} template's builder did not start: ${error.message}`))
    child.on("exit", (code, signal) => ended(`the ${kind} template's builder ended (${code ?? signal})`))
  })

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
    .then((withPostgres) =>
      Promise.all([buildInChild(run, "pglite"), withPostgres ? buildInChild(run, "postgres") : undefined]),
    )
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
