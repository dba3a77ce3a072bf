import { randomBytes } from "node:crypto"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { sessionHash } from "../../../src/server/customer/CustomerAuth.ts"
import { MAX_REQUEST_BODY_BYTES } from "../../../src/server/http/limitRequestBodies.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { type RawAnswer, rawRequest } from "../../_support/rawRequest.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { type Credentials, caseFor, type FuzzCase, oversizeCase } from "./_cases.ts"
import { changedTables, checksums } from "./_checksum.ts"
import { type Operation, readContract } from "./_contract.ts"

/**
 * Issue 20, Proof "Fuzz": every operation of the contract (read from it, so a group added later is fuzzed too)
 * gets input generated from its schemas and beyond them — see ./_inputs.ts and ./_cases.ts — in its path, query,
 * headers (the live cart token and customer uuid among others) and body, plus a body one byte over the limit
 * (./_cases.ts `oversizeCase` says why not 10 MB). Every answer must be a 4xx whose JSON names a code, or a 2xx
 * where that is harmless; never a 5xx, never a hang; and every table but those ./_checksum.ts leaves out, for its
 * stated reason, reads the same after the operation's cases as before.
 *
 * Reproducible: the cases come from fast-check with a fixed seed, printed; `FUZZ_SEED=n` runs another set,
 * `FUZZ_CASES=n` more or fewer per operation, `FUZZ_CHECK=operation` or `FUZZ_CHECK=case` compares the tables
 * around each operation or each case (slow; to find what changed something).
 */
const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20)
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 20)
/**
 * On PGlite a case costs about 2.6 times what it costs on PostgreSQL (110 s against 42 s for the same 2,442 cases,
 * loaded machine; 8 cases each took 144 s of a CI run beside the journeys) while the code under test, the HTTP
 * layer and its validation, is the same. What PGlite adds is its one shared connection, which a refused statement
 * must leave usable: the first 3 of the same cases and the oversized body prove that for every operation
 * (`FUZZ_CASES` sets both).
 */
const EMBEDDED_CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 3)
/**
 * When the tables are compared: once around the whole run (default: one checksum of every table takes seconds on
 * PGlite), around each operation, or around each case (to find the case that changed something).
 */
const CHECK: "run" | "operation" | "case" =
  process.env.FUZZ_CHECK === "case" ? "case" : process.env.FUZZ_CHECK === "operation" ? "operation" : "run"
/**
 * No single answer may take longer: a hang is a failure, not a stuck test. A request the server never answers
 * fails at any bound, so the bound only has to outlast a slow answer on a saturated machine (10 s was close to
 * that with four requests in flight on PGlite beside the journeys).
 */
const ANSWER_TIMEOUT_MS = 30_000
/** after this many unanswered requests the server is taken to hang: the rest are not sent, the test fails */
const MAX_HANGS = 3
/**
 * The whole test's bound, a backstop only: every answer has its own (above), so what could still hang is the
 * setup or the table checksums. The run takes 26 s on PostgreSQL alone and over 300 s (the bound it had) on a
 * saturated machine; a bound on the whole run measures the machine's load, not the server.
 */
const RUN_TIMEOUT_MS = 1_200_000
const IN_FLIGHT = 4

/**
 * Cases left out on purpose, each a known failure listed in the fuzz report until fixed (none at present).
 * `KNOWN:` comments say why.
 */
const KNOWN: ReadonlyArray<{ readonly operation: string; readonly skip: (c: FuzzCase) => boolean }> = []

/**
 * Cases left out because their success is a change by design, not a fault: each names what it would change.
 */
const LEGITIMATE: ReadonlyArray<{ readonly operation: string; readonly skip: (c: FuzzCase) => boolean }> = [
  // logging out with the live uuid revokes that session (customer_sessions.revoked_at), and with it the uuid the
  // other operations' cases use
  { operation: "POST /api/customer/logout", skip: (c) => c.description.includes("header uuid=live:") },
  { operation: "POST /api/customer-area/logout", skip: (c) => c.description.includes("header uuid=live:") },
]

const contract = readContract()
const databases = bothDatabases("fuzz")

/** A seed per operation, so adding an operation does not change the cases of the others. */
const operationSeed = (operation: Operation): number => {
  let hash = 2166136261
  for (const char of operation.id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619)
  return (hash ^ BASE_SEED) | 0
}

const SAFE = new Set(["GET", "HEAD"])

/** What is wrong with the answer, or undefined when it is one the contract allows. */
const verdict = (answer: RawAnswer): string | undefined => {
  if (answer._tag === "TimedOut") return `no answer within ${ANSWER_TIMEOUT_MS} ms`
  if (answer._tag === "Failed") return `connection failed: ${answer.message}`
  const { status, text } = answer
  if (status >= 500) return `${status}: ${text.slice(0, 300)}`
  if (status >= 200 && status < 300) return undefined
  if (status < 400) return `${status} (neither a success nor a refusal)`
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `${status} without a JSON body: ${JSON.stringify(text.slice(0, 120))} (content-type ${answer.contentType})`
  }
  const fields = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {}
  const named = (field: string) => typeof fields[field] === "string"
  // the contract's errors carry `error` or `_tag`; the server's own refusals a `code`; a request the contract's
  // schemas refuse is an RFC 9457 problem naming the field (`errors`), which is this API's code for bad input
  const problem = named("type") && named("title") && fields.status === status
  return named("code") || named("error") || named("_tag") || problem
    ? undefined
    : `${status} whose body names no code: ${text.slice(0, 200)}`
}

/** A logged-in customer's uuid, made as a login makes one (only its hash is stored). */
const liveCustomer = async (server: RunningServer): Promise<string> => {
  const uuid = randomBytes(32).toString("base64url")
  await server.query(
    `INSERT INTO customer_sessions (token_hash, customer_id, expires_at)
     SELECT $1, id, marquee_now() + interval '1 day' FROM customers ORDER BY id LIMIT 1`,
    [sessionHash(uuid)],
  )
  return uuid
}

interface Tally {
  readonly operation: string
  tried: number
  passed: number
  refused: number
  succeeded: number
  ms: number
}

/** Runs `work` over `items`, `IN_FLIGHT` at a time, in order of start, until `stop()` says so. */
const inFlight = async <A, B>(
  items: ReadonlyArray<A>,
  work: (item: A) => Promise<B>,
  stop: () => boolean,
): Promise<Array<B>> => {
  const results: Array<B> = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length && !stop()) {
      const index = next++
      results[index] = await work(items[index] as A)
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
  return results
}

describe.each(databases)("contract fuzz on $name", ({ name, start, concurrent }) => {
  const casesPerOperation = concurrent ? CASES_PER_OPERATION : EMBEDDED_CASES_PER_OPERATION
  const { isUp, live } = useTestServer(start)

  it(
    "answers every operation's input, valid-looking or hostile, with a 4xx and a code or a harmless 2xx, never a 5xx or a hang, and changes nothing",
    async (ctx) => {
      if (!isUp()) return ctx.skip()
      const server = live()
      const credentials: Credentials = {
        "x-cart-token": await newCart(server.baseUrl),
        uuid: await liveCustomer(server),
      }
      const started = performance.now()
      const cpuAtStart = process.cpuUsage()
      const atStart = await checksums(server)
      console.log(
        `contract fuzz on ${name}: seed ${BASE_SEED} (FUZZ_SEED to change), ${contract.operations.length} operations, ` +
          `${casesPerOperation} generated cases each plus a body one byte over the ${MAX_REQUEST_BODY_BYTES}-byte limit`,
      )
      const failures: Array<string> = []
      const tallies: Array<Tally> = []
      /** calls that may change something (not GET or HEAD) and were answered 2xx: allowed only if nothing changed */
      const runSuccesses: Array<string> = []
      let hangs = 0
      const hung = () => hangs >= MAX_HANGS
      for (const operation of contract.operations) {
        if (hung()) {
          failures.push(
            `${hangs} requests went unanswered: the server hangs; the cases after them were not sent`,
          )
          break
        }
        const known = [...KNOWN, ...LEGITIMATE].filter((k) => k.operation === operation.id)
        const cases = [
          ...fc.sample(caseFor(operation, contract, credentials), {
            seed: operationSeed(operation),
            numRuns: casesPerOperation,
          }),
          oversizeCase(operation, credentials, MAX_REQUEST_BODY_BYTES),
        ].filter((c) => !known.some((k) => k.skip(c)))
        const tally: Tally = { operation: operation.id, tried: 0, passed: 0, refused: 0, succeeded: 0, ms: 0 }
        const operationStarted = performance.now()
        tallies.push(tally)
        const unsafeSuccesses: Array<string> = []
        const send = async (sent: FuzzCase) => {
          const before = CHECK === "case" ? await checksums(server) : undefined
          const answer = await rawRequest(server.baseUrl, { ...sent, timeoutMs: ANSWER_TIMEOUT_MS })
          tally.tried++
          if (answer._tag === "TimedOut") hangs++
          const wrong = verdict(answer)
          if (wrong !== undefined) failures.push(`${operation.id} ← ${sent.description}\n    → ${wrong}`)
          else tally.passed++
          if (answer._tag === "Answered" && answer.status < 300) {
            tally.succeeded++
            if (!SAFE.has(sent.method)) unsafeSuccesses.push(sent.description)
          } else if (answer._tag === "Answered") tally.refused++
          if (before !== undefined) {
            const changed = changedTables(before, await checksums(server))
            if (changed.length > 0)
              failures.push(`${operation.id} ← ${sent.description}\n    → changed ${changed.join(", ")}`)
          }
        }
        const before = CHECK === "operation" ? await checksums(server) : undefined
        await inFlight(cases, send, hung)
        runSuccesses.push(...unsafeSuccesses.map((c) => `${operation.id} ← ${c}`))
        const changed = before === undefined ? [] : changedTables(before, await checksums(server))
        if (changed.length > 0) {
          failures.push(
            `${operation.id}: its cases changed ${changed.join(", ")}` +
              (unsafeSuccesses.length > 0 ? `; it accepted: ${unsafeSuccesses.join(" | ")}` : ""),
          )
          tally.passed = Math.max(0, tally.passed - unsafeSuccesses.length)
        }
        tally.ms = Math.round(performance.now() - operationStarted)
      }
      const changedInRun = changedTables(atStart, await checksums(server))
      if (changedInRun.length > 0)
        failures.push(
          `the run changed ${changedInRun.join(", ")} (FUZZ_CHECK=operation or case to find what)` +
            (runSuccesses.length > 0 ? `; accepted were: ${runSuccesses.join(" | ")}` : ""),
        )
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      const cpu = process.cpuUsage(cpuAtStart)
      const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1)
      const total = tallies.reduce(
        (sum, t) => ({ tried: sum.tried + t.tried, passed: sum.passed + t.passed }),
        {
          tried: 0,
          passed: 0,
        },
      )
      console.log(
        [
          ...tallies.map(
            (t) =>
              `  ${t.operation.padEnd(48)} tried ${String(t.tried).padStart(3)}  passed ${String(t.passed).padStart(3)}` +
              `  (4xx ${t.refused}, 2xx ${t.succeeded}, ${t.ms} ms)`,
          ),
          `contract fuzz on ${name}: ${total.tried} cases tried, ${total.passed} passed, in ${seconds} s, ${cpuSeconds} s of this process's CPU (seed ${BASE_SEED})`,
        ].join("\n"),
      )
      expect(failures, `fuzz failures (seed ${BASE_SEED}):\n${failures.join("\n")}`).toEqual([])
    },
    RUN_TIMEOUT_MS,
  )
})
