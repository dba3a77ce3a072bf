import { spawnSync } from "node:child_process"
import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { PRODUCTION_REFUSAL } from "../../../src/server/config/demoMode.ts"
import { freePort } from "../../_support/serverProcess.ts"

/**
 * Issue 14, item 8: the sandbox providers and their inbox (every sign-in code, every e-ticket link) are a demo
 * mode. Outside it the server refuses to start, before it opens a database or a port, because the sandboxes
 * are the only providers there are; `npm start` and the tests turn it on.
 */
describe("outside demo mode", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "marquee-nodemo-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  const start = async (demo: string | undefined) => {
    const { MARQUEE_DEMO: _, ...env } = process.env
    return spawnSync(process.execPath, ["src/server/main.ts"], {
      env: {
        ...env,
        ...(demo === undefined ? {} : { MARQUEE_DEMO: demo }),
        PORT: String(await freePort()),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
      },
      encoding: "utf8",
      timeout: 60_000,
    })
  }

  it("the server refuses to start, says why in one line, and touches no database", async () => {
    for (const demo of [undefined, "false"]) {
      const run = await start(demo)
      expect(run.status, `MARQUEE_DEMO=${demo}`).toBe(1)
      expect(run.stderr.trim(), `MARQUEE_DEMO=${demo}`).toBe(PRODUCTION_REFUSAL)
      expect(run.stdout, `MARQUEE_DEMO=${demo}`).not.toContain("is ready at")
    }
    expect(readdirSync(dataDir)).toEqual([])
  })
})
