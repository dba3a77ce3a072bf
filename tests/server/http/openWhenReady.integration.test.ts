import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
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
 */
type Knock = "refused" | "answered" | "hung" | "reset"

const HANG_MS = 5_000

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
    try {
      const deadline = Date.now() + 90_000
      while (!ready && child.exitCode === null && Date.now() < deadline) {
        knocks.push(knock(port))
        await pause(3)
      }
      expect(ready, output).toBe(true)
      const afterReady = await knock(port)
      const outcomes = await Promise.all(knocks)
      expect(outcomes).not.toContain("hung")
      expect(outcomes).not.toContain("reset")
      expect(afterReady).toBe("answered")
    } finally {
      child.kill("SIGTERM")
    }
  }, 120_000)
})
