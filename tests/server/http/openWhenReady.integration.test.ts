import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { PINNED_NOW } from "../../_support/pinnedClock.ts"
import { freePort } from "../../_support/serverProcess.ts"

/**
 * A server that opens its port before its routes are attached accepts connections it never answers: Node
 * queues the request and nobody handles it. Playwright's readiness poll once hung that way for its whole
 * three minutes in CI. Here a client knocks every few milliseconds from before the port opens until the
 * server says it is ready: every knock must be refused (nothing listening yet) or answered, none left hanging.
 * On a busy machine every knock before "ready" may be refused (the loop stops at that line), so one more knock
 * after it must be answered: the test never passes on refusals alone.
 *
 * Bounds a loaded machine does not break and a real hang does not slip through. A knock the server left unhandled
 * is never answered, so any bound on a knock catches it: 30 s outlasts a slow answer on a saturated machine (5 s
 * may not). A start (25 s alone, over the 90 s it was given in CI beside the journeys) fails once the server has
 * used STARTUP_CPU_S of CPU without saying "ready" (a loop), or none for STALL_MS (waiting on what will not come):
 * load stretches a start's wall time, not the CPU it needs. STARTUP_WALL_MS is the last resort, below the test's
 * own timeout so the server is always stopped; it is the only bound where /proc is missing (not Linux).
 */
type Knock = "refused" | "answered" | "hung" | "reset"

const HANG_MS = 30_000
/** several times the CPU a start takes (initdb, migrations, the routes) */
const STARTUP_CPU_S = 120
const STALL_MS = 60_000
const STARTUP_WALL_MS = 540_000

/** The process's CPU seconds so far (Linux: /proc/PID/stat's utime and stime, in 1/100 s), or undefined. */
const cpuSeconds = (pid: number | undefined): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return undefined
  }
}

/** Why the start is taken to have failed so far, or undefined while it may still come. */
const startWatch = (pid: number | undefined) => {
  const started = Date.now()
  let used = 0
  let progressAt = started
  return (): string | undefined => {
    const now = Date.now()
    const cpu = cpuSeconds(pid)
    if (now - started > STARTUP_WALL_MS) return `not ready after ${STARTUP_WALL_MS} ms`
    if (cpu === undefined) return undefined
    if (cpu > used) {
      used = cpu
      progressAt = now
    }
    if (used > STARTUP_CPU_S) return `not ready after ${used} s of its CPU`
    if (now - progressAt > STALL_MS) return `not ready, and no CPU used for ${STALL_MS} ms (${used} s in all)`
    return undefined
  }
}

const knock = (port: number): Promise<Knock> =>
  new Promise((resolve) => {
    const call = request({ host: "127.0.0.1", port, path: "/api/config", agent: false }, (response) => {
      response.resume()
      resolve("answered")
    })
    call.setTimeout(HANG_MS, () => {
      call.destroy()
      resolve("hung")
    })
    call.on("error", (error: NodeJS.ErrnoException) => {
      // refused: nothing listens yet; anything else (a reset, a dropped socket) is a failure to answer
      resolve(error.code === "ECONNREFUSED" ? "refused" : "reset")
    })
    call.end()
  })

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("the server's port", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "marquee-open-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it("opens only once every route can answer", async () => {
    const port = await freePort()
    const child = spawn(process.execPath, ["src/server/main.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SEED_ON_START: "false",
        OUTBOX_SENDER: "false",
        MARQUEE_CLOCK_START: PINNED_NOW,
        MARQUEE_DEMO: "true",
      },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    let ready = false
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (/is ready at/.test(output)) ready = true
    }
    child.stdout.on("data", collect)
    child.stderr.on("data", collect)
    const knocks: Array<Promise<Knock>> = []
    const failedStart = startWatch(child.pid)
    const startedAt = performance.now()
    try {
      let failed: string | undefined
      while (!ready && child.exitCode === null && failed === undefined) {
        knocks.push(knock(port))
        await pause(3)
        failed = failedStart()
      }
      console.log(
        `ready after ${Math.round(performance.now() - startedAt)} ms, ${cpuSeconds(child.pid)} s of the server's CPU, ${knocks.length} knocks`,
      )
      expect(ready, `${failed ?? "the server exited"}\n${output}`).toBe(true)
      const afterReady = await knock(port)
      const outcomes = await Promise.all(knocks)
      expect(outcomes).not.toContain("hung")
      expect(outcomes).not.toContain("reset")
      expect(afterReady).toBe("answered")
    } finally {
      child.kill("SIGTERM")
    }
  }, 600_000)
})
