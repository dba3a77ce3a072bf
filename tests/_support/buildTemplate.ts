import { buildTemplate, type TemplateKind } from "./seededTemplates.ts"

/**
 * `node tests/_support/buildTemplate.ts pglite|postgres RUN_DIR POSTGRES_TEMPLATE`: builds one of a Vitest run's
 * seeded templates in a process of its own. tests/_support/globalSetup.ts starts one for each database, so the two
 * seeds run side by side on their own threads instead of sharing Vitest's main thread, which also transforms every
 * test file for the workers (in one process, the templates were ready three minutes into a CI run).
 * The build's `.ready` or `.failed` marker tells the waiting test files how it went.
 */
const [kind, dir, postgresTemplate] = process.argv.slice(2)
if ((kind !== "pglite" && kind !== "postgres") || dir === undefined || postgresTemplate === undefined) {
  console.error("usage: node tests/_support/buildTemplate.ts pglite|postgres RUN_DIR POSTGRES_TEMPLATE")
  process.exit(2)
}
await buildTemplate({ dir, postgresTemplate }, kind satisfies TemplateKind)
