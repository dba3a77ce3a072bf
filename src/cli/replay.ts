/**
 * `npm run replay -- log.json [--against URL]`
 *
 * Rebuilds a cart from an exported event log (the support panel's "download log") and prints the projection as
 * stable JSON: the same log always prints the same bytes. With `--against URL` it also re-drives the log's seat
 * commands (lock and unlock requests) against a running server, with a cart of its own, and reports every
 * command whose outcome differs from the verdict recorded in the log.
 *
 * Exit codes: 0 done (and, with --against, every outcome matched), 1 outcomes differ, 2 unreadable log.
 */
import { existsSync, readFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { Result } from "effect"
import { fold } from "../domain/cart/fold.ts"
import { decodeCartLog } from "../domain/cart/migrate.ts"
import { driveAgainst } from "./replayAgainst.ts"
import { stableJson } from "./stableJson.ts"

const usage = "usage: npm run replay -- log.json [--against http://localhost:3000]"

const parsed = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { against: { type: "string" }, help: { type: "boolean", short: "h", default: false } },
    })
  } catch (error) {
    // an unknown option or --against without its URL: say what is wrong and how to call it, no stack trace
    console.error(`${(error as Error).message}\n${usage}`)
    return process.exit(2)
  }
})()

if (parsed.values.help) {
  console.log(usage)
  process.exit(0)
}
const [file, ...extra] = parsed.positionals
const against = parsed.values.against
if (file === undefined || extra.length > 0) {
  console.error(usage)
  process.exit(2)
}
if (!existsSync(file)) {
  console.error(`${file}: no such file\n${usage}`)
  process.exit(2)
}

const raw: unknown = JSON.parse(readFileSync(file, "utf8"))
// the support panel exports { cartId, exportedAt, events }; a bare array of events is accepted too
const entries = Array.isArray(raw) ? raw : ((raw as { events?: unknown }).events ?? [])
if (!Array.isArray(entries)) {
  console.error(`${file}: expected an array of events or { "events": [...] }`)
  process.exit(2)
}

const decoded = decodeCartLog(entries)
if (Result.isFailure(decoded)) {
  console.error(`${file}: event ${decoded.failure.index} cannot be read: ${decoded.failure.error.message}`)
  process.exit(2)
}

const events = decoded.success
if (against === undefined) {
  process.stdout.write(`${stableJson(fold(events))}\n`)
} else {
  const report = await driveAgainst(against, events)
  process.stdout.write(`${stableJson(report)}\n`)
  process.exit(report.differences.length === 0 ? 0 : 1)
}
