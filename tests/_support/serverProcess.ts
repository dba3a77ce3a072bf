import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted } from "effect"
import { PINNED_NOW } from "./pinnedClock.ts"
import type { RunningServer } from "./testServer.ts"

/** A server running as its own OS process, as `npm start` runs it. */
export interface ServerProcess {
  readonly baseUrl: string
  readonly child: ChildProcess
}

/** A port nothing listens on right now (`PORT` must be 1–65535, so the server cannot pick one itself). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

/**
 * Starts `script` (default the Marquee server) on a free port with `env`, and resolves once it prints
 * "is ready at". `nodeFlags` go before the script (e.g. `--cpu-prof`). Its clock starts at the pinned instant,
 * as every test server's does, and it runs in demo mode (the sandbox providers), unless `env` says otherwise.
 */
export const startServerProcess = async (options: {
  readonly env: Record<string, string>
  readonly script?: string
  readonly nodeFlags?: ReadonlyArray<string>
  readonly timeoutMs?: number
}): Promise<ServerProcess> => {
  const script = options.script ?? "src/server/main.ts"
  const port = await freePort()
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), script], {
    env: {
      ...process.env,
      MARQUEE_CLOCK_START: PINNED_NOW,
      MARQUEE_DEMO: "true",
      // one process unless a test asks for more (src/server/processes.ts): a test's kill or profile means that one
      WEB_CONCURRENCY: "1",
      ...options.env,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  return new Promise((resolve, reject) => {
    let output = ""
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start:\n${output}`)),
      options.timeoutMs ?? 120_000,
    )
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (/is ready at/.test(output)) {
        clearTimeout(timer)
        resolve({ baseUrl: `http://127.0.0.1:${port}`, child })
      }
    }
    child.stdout?.on("data", onData)
    child.stderr?.on("data", onData)
    child.on("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`${script} exited with ${code}:\n${output}`))
    })
  })
}

/** SIGTERM, then wait for the exit (a CPU profile, if asked for, is written on the way out). */
export const stopServerProcess = (server: ServerProcess | undefined): Promise<void> =>
  new Promise((resolve) => {
    // a process killed by a signal has no exit code, only its signal
    if (server === undefined || server.child.exitCode !== null || server.child.signalCode !== null)
      return resolve()
    server.child.once("exit", () => resolve())
    server.child.kill("SIGTERM")
  })

/** Queries on the database at `url` with one connection of its own, for tests of server processes. */
export const queryOn =
  (url: string): RunningServer["query"] =>
  (statement, params = []) =>
    Effect.runPromise(
      Effect.gen(function* () {
        const sql = yield* PgClient.PgClient
        return (yield* sql.unsafe(statement, params)) as never
      }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 1 }))),
    )
