import { spawn } from "node:child_process"
import { rmSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TicketKeys } from "../../src/api/EDocumentsApi.ts"
import { embeddedDataDir } from "../_support/databases.ts"

/**
 * `npm run rotate-ticket-keys` as an operator runs it, a separate Node process on the server's database (here a
 * new PGlite database): each run makes a new active key and retires the one before, which stays
 * published past the last show on sale, so the passes it signed keep verifying until they expire (the same
 * rotation's effect on passes: tests/server/edocuments/ticketPasses.integration.test.ts).
 */
const rotate = (dataDir: string) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["src/cli/rotateTicketKeys.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on("close", (status) => resolve({ status, stdout, stderr }))
  })

type Rotated = TicketKeys & { readonly active: string }

describe("rotate-ticket-keys", () => {
  let dataDir = ""
  beforeAll(async () => {
    // empty: the command migrates the database itself, as on a server's first start
    dataDir = await embeddedDataDir("rotatekeys", "empty")
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it("retires the active key, still published, and makes the next one; run again, both old keys stay", async () => {
    const first = await rotate(dataDir)
    expect(first.stderr).toBe("")
    expect(first.status).toBe(0)
    const one = JSON.parse(first.stdout) as Rotated
    const active = one.keys.filter((key) => key.status === "active")
    expect(active.map((key) => key.kid)).toEqual([one.active])
    const retired = one.keys.filter((key) => key.status === "retired")
    expect(retired.length).toBeGreaterThanOrEqual(1)
    // published at least a day past now: every pass it signed for a show on sale still verifies
    for (const key of retired) expect(Date.parse(key.publishedUntil ?? "")).toBeGreaterThan(Date.now())

    const second = await rotate(dataDir)
    expect(second.status).toBe(0)
    const two = JSON.parse(second.stdout) as Rotated
    expect(two.active).not.toBe(one.active)
    expect(two.keys.find((key) => key.kid === one.active)?.status).toBe("retired")
    expect(two.keys.map((key) => key.kid)).toEqual(expect.arrayContaining(one.keys.map((key) => key.kid)))
    expect(two.keys.filter((key) => key.status === "active")).toHaveLength(1)
  }, 300_000)

  it("refuses an argument it does not know, before opening the database", async () => {
    const child = spawn(process.execPath, ["src/cli/rotateTicketKeys.ts", "--now"])
    const status = await new Promise<number | null>((resolve) => child.on("close", resolve))
    expect(status).toBe(2)
  })
})
