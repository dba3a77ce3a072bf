/**
 * `npm run verify-ticket -- <pass> --keys <file|URL> [--revocations <file|URL>] [--at <ISO instant>]`
 * `npm run verify-ticket -- <pass> --server <URL> [--at <ISO instant>]`
 *
 * Checks a scanned e-ticket pass (what its QR code says; `-` reads it from standard input) the way a door scanner
 * does: against a copy of the published keys (`GET /api/edocuments/keys`) and of the revocation list
 * (`GET /api/edocuments/revocations`). With files it asks no network at all; `--server` fetches both first, as a
 * scanner does while it has signal. The format and the verdicts: src/domain/edocument/ticketPass.ts.
 *
 * Prints the verdict (`valid`, `tampered`, `revoked`, `unknown key`, `expired`, `not yet valid`, `not a Marquee
 * ticket`) and what the pass says. Exit codes: 0 valid, 1 refused, 2 usage or unreadable keys.
 */
import { readFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { Schema } from "effect"
import { TicketKeys, TicketRevocations } from "../api/EDocumentsApi.ts"
import type { PassVerdict } from "../domain/edocument/ticketPass.ts"
import { checkPass } from "./passChecks.ts"
import { describeVerdict } from "./verdictText.ts"

const usage = [
  "usage: npm run verify-ticket -- <pass|-> --keys <file|URL> [--revocations <file|URL>] [--at <ISO instant>]",
  "       npm run verify-ticket -- <pass|-> --server <URL> [--at <ISO instant>]",
].join("\n")

const fail = (message: string): never => {
  console.error(`${message}\n${usage}`)
  return process.exit(2)
}

const parsed = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        keys: { type: "string" },
        revocations: { type: "string" },
        server: { type: "string" },
        at: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    })
  } catch (error) {
    return fail((error as Error).message)
  }
})()

if (parsed.values.help) {
  console.log(usage)
  process.exit(0)
}

const [given, ...extra] = parsed.positionals
if (given === undefined || extra.length > 0) fail("give exactly one pass")
const { keys: keysSource, revocations: revocationsSource, server, at } = parsed.values
if (server === undefined && keysSource === undefined) fail("say where the keys are: --keys or --server")
if (server !== undefined && (keysSource !== undefined || revocationsSource !== undefined))
  fail("--server fetches the keys and the revocations: give either it or --keys/--revocations")

/** A file's text, or a URL's body (http and https only: a file path never goes to the network). */
const load = async (source: string): Promise<unknown> => {
  try {
    if (/^https?:\/\//.test(source)) {
      const response = await fetch(source)
      if (!response.ok) return fail(`${source}: answered ${response.status}`)
      return await response.json()
    }
    return JSON.parse(readFileSync(source, "utf8"))
  } catch (error) {
    return fail(`${source}: ${(error as Error).message}`)
  }
}

const refuse = (source: string, error: unknown): never =>
  fail(`${source} is not what the server publishes: ${(error as Error).message}`)

const base = server?.replace(/\/+$/, "")
const keysFrom = base === undefined ? (keysSource as string) : `${base}/api/edocuments/keys`
const revocationsFrom = base === undefined ? revocationsSource : `${base}/api/edocuments/revocations`

const keysFile = await load(keysFrom)
const keys = (() => {
  try {
    return Schema.decodeUnknownSync(TicketKeys)(keysFile)
  } catch (error) {
    return refuse(keysFrom, error)
  }
})()
const revocationsFile =
  revocationsFrom === undefined ? { asOf: "", revoked: [] } : await load(revocationsFrom)
const revocations = (() => {
  try {
    return Schema.decodeUnknownSync(TicketRevocations)(revocationsFile)
  } catch (error) {
    return refuse(revocationsFrom as string, error)
  }
})()
if (revocationsFrom === undefined)
  console.error("no revocation list given (--revocations): a cancelled ticket's pass would pass")

const pass = given === "-" ? readFileSync(0, "utf8") : (given as string)
const nowMs = at === undefined ? Date.now() : Date.parse(at)
if (Number.isNaN(nowMs)) fail(`--at ${at}: not an ISO instant`)

const verdict: PassVerdict = (() => {
  try {
    return checkPass(pass, keys, revocations, Math.floor(nowMs / 1000))
  } catch (error) {
    // a published key whose `x` is not an Ed25519 public key
    return refuse(keysFrom, error)
  }
})()
process.stdout.write(`${describeVerdict(verdict)}\n`)
process.exit(verdict.verdict === "valid" ? 0 : 1)
