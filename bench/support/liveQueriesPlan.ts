import { accessSync, constants, existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted } from "effect"
import { startServerProcess, stopServerProcess } from "../../tests/_support/serverProcess.ts"

/**
 * The shape of the plan of the live-queries benchmark's slowest call, as our server runs it: PostgreSQL's
 * `auto_explain` logs the plans of the server's sessions on the scratch database (turned on for that database
 * only, then off), one call is made, and the plan of its longest statement is read back from PostgreSQL's log.
 * Answers the plan's nodes, outermost first (`HashAggregate > Nested Loop > Index Scan using … on …`), or why
 * it could not (no log this user can read: the log is the server's, not the bench's).
 */

const LOG_DIR = process.env.PG_LOG_DIR ?? "/var/log/postgresql"

const logFile = (): string | null => {
  if (!existsSync(LOG_DIR)) return null
  const files = readdirSync(LOG_DIR)
    .filter((name) => name.endsWith(".log"))
    .map((name) => `${LOG_DIR}/${name}`)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
  return files[0] ?? null
}

/** the plans auto_explain wrote after `offset`: duration and node lines (`  ->  Hash Join  (cost=…`) */
const plansIn = (text: string): Array<{ ms: number; nodes: Array<string> }> => {
  const plans: Array<{ ms: number; nodes: Array<string> }> = []
  let current: { ms: number; nodes: Array<string> } | null = null
  for (const line of text.split("\n")) {
    const started = /duration: ([\d.]+) ms\s+plan:/.exec(line)
    if (started !== null) {
      current = { ms: Number(started[1]), nodes: [] }
      plans.push(current)
    } else if (current !== null && line.startsWith("\t")) {
      if (line.includes("(cost="))
        current.nodes.push(
          line
            .replace(/\(cost=.*$/, "")
            .replace("->", "")
            .trim(),
        )
    } else current = null
  }
  return plans
}

const onAdmin = (url: string, statements: ReadonlyArray<string>) =>
  Effect.runPromise(
    Effect.gen(function* () {
      const sql = yield* PgClient.PgClient
      for (const statement of statements) yield* sql.unsafe(statement)
    }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 1 })), Effect.orDie),
  )

export const slowestPlanShape = async (
  url: string,
  path: string,
  signIn: (baseUrl: string) => Promise<string>,
  call: (baseUrl: string, token: string, path: string) => Promise<number>,
): Promise<string> => {
  const file = logFile()
  if (file === null) return `unavailable: no PostgreSQL log in ${LOG_DIR} (set PG_LOG_DIR)`
  let offset: number
  try {
    accessSync(file, constants.R_OK)
    offset = statSync(file).size
  } catch (error) {
    return `unavailable: ${file} is not readable (${(error as Error).message})`
  }
  const name = new URL(url).pathname.slice(1)
  await onAdmin(url, [
    `ALTER DATABASE ${name} SET session_preload_libraries = 'auto_explain'`,
    `ALTER DATABASE ${name} SET auto_explain.log_min_duration = 0`,
  ])
  const server = await startServerProcess({ env: { DATABASE_URL: url } })
  try {
    const token = await signIn(server.baseUrl)
    await call(server.baseUrl, token, path)
  } finally {
    await stopServerProcess(server)
    await onAdmin(url, [`ALTER DATABASE ${name} RESET ALL`])
  }
  const written = readFileSync(file).subarray(offset).toString("utf8")
  const slowest = plansIn(written).sort((a, b) => b.ms - a.ms)[0]
  return slowest === undefined
    ? "unavailable: auto_explain logged no plan"
    : `${slowest.ms} ms: ${slowest.nodes.join(" > ")}`
}
