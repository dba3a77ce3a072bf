import { execFileSync, spawn, spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { encodeCartEvent } from "../../src/domain/cart/migrate.ts"
import { embeddedDataDir } from "../_support/databases.ts"
import { embeddedTarget, type RunningServer, startTestServer } from "../_support/testServer.ts"
import { locked, newLog, place, presentation } from "../domain/cart/fixtures.ts"

/** `npm run replay` as testers run it: a separate Node process reading an exported log. */
const replay = (...args: Array<string>) =>
  spawnSync(process.execPath, ["src/cli/replay.ts", ...args], { encoding: "utf8", timeout: 60_000 })

/** Without blocking this process: `--against` talks to a server that runs in it. */
const replayAsync = (...args: Array<string>) =>
  new Promise<{ status: number | null; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, ["src/cli/replay.ts", ...args])
    let stdout = ""
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.on("close", (status) => resolve({ status, stdout }))
  })

describe("replay", () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "marquee-replay-"))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const writeLog = (name: string, content: unknown) => {
    const file = join(dir, name)
    writeFileSync(file, JSON.stringify(content))
    return file
  }

  it("prints the same bytes for the same log, and reads the support panel's export shape", () => {
    const log = newLog()
    const events = [
      log.cartType("tickets"),
      log.select(presentation()),
      log.lockRequested("c1", 1, [place(3, 2)]),
      log.locked("c1", 1, [locked(3, 2)]),
    ].map(encodeCartEvent)
    const bare = writeLog("bare.json", events)
    const exported = writeLog("export.json", { cartId: "x", exportedAt: "2026-11-22T10:00:00Z", events })
    const first = execFileSync(process.execPath, ["src/cli/replay.ts", bare], { encoding: "utf8" })
    const second = execFileSync(process.execPath, ["src/cli/replay.ts", exported], { encoding: "utf8" })
    expect(second).toBe(first)
    const cart = JSON.parse(first) as { cartType: string; presentations: Array<{ seats: Array<unknown> }> }
    expect(cart.cartType).toBe("tickets")
    expect(cart.presentations[0]?.seats).toHaveLength(1)
  })

  it("refuses an unreadable log with the index of the first bad event", () => {
    const log = newLog()
    const file = writeLog("bad.json", [encodeCartEvent(log.cartType("tickets")), { _tag: "NoSuchEvent" }])
    const result = replay(file)
    expect(result.status).toBe(2)
    expect(result.stderr).toContain("event 1 cannot be read")
  })

  describe("--against a running server", () => {
    let server: RunningServer
    let serverDir: string
    beforeAll(async () => {
      serverDir = await embeddedDataDir("replay-server")
      server = await startTestServer(embeddedTarget(serverDir))
    })
    afterAll(async () => {
      await server.close()
      rmSync(serverDir, { recursive: true, force: true })
    })

    it("reports the commands whose outcome differs from the logged verdict", async () => {
      const [row] = await server.query<{ presentationId: number; sectionId: number; x: number; y: number }>(
        `SELECT p.id AS "presentationId", s.section_id AS "sectionId", s.seat_index AS x, s.row_index AS y
         FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN seats s ON s.seatplan_id = v.seatplan_id
         WHERE p.is_on_sale AND p.starts_at > marquee_now() + interval '1 day' AND s.seat_group_id IS NULL
           AND NOT s.is_premium AND s.seat_index = 0
           AND NOT EXISTS (SELECT 1 FROM seats n JOIN seat_allocations a ON a.seat_id = n.id
             AND a.presentation_id = p.id WHERE n.section_id = s.section_id AND n.row_index = s.row_index)
         ORDER BY p.id LIMIT 1`,
      )
      if (row === undefined) throw new Error("no free row")
      const free = place(row.x, row.y, row.sectionId)
      // no seat there: the log says it was held, the server now refuses it
      const missing = place(row.x, row.y + 100, row.sectionId)
      const log = newLog()
      const events = [
        log.cartType("tickets"),
        log.select(presentation({ id: row.presentationId })),
        log.lockRequested("matches", row.presentationId, [free]),
        log.locked("matches", row.presentationId, [locked(row.x, row.y, null, row.sectionId)]),
        log.lockRequested("differs", row.presentationId, [missing]),
        log.locked("differs", row.presentationId, [locked(row.x, row.y + 100, null, row.sectionId)]),
      ].map(encodeCartEvent)
      const result = await replayAsync(writeLog("against.json", events), "--against", server.baseUrl)
      const report = JSON.parse(result.stdout) as {
        commands: number
        matched: number
        differences: Array<unknown>
      }
      expect(result.status).toBe(1)
      expect(report).toMatchObject({ commands: 2, matched: 1 })
      expect(report.differences).toEqual([
        { command: "lock", commandId: "differs", logged: "ok", server: "unknownSeat" },
      ])
    }, 60_000)
  })
})

describe("every command's usage", () => {
  const bootstrap = (...args: Array<string>) =>
    spawnSync(process.execPath, ["scripts/bootstrap.cjs", ...args], { encoding: "utf8", timeout: 30_000 })

  it("replay prints its usage for --help and for a missing or unknown argument", () => {
    const help = replay("--help")
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/^usage: npm run replay -- log.json/)
    for (const wrong of [[], ["--against"], ["--frobnicate", "x.json"], ["/no/such/log.json"]]) {
      const answer = replay(...wrong)
      expect(answer.status, wrong.join(" ")).toBe(2)
      expect(answer.stderr).toMatch(/usage: npm run replay/)
      expect(answer.stderr).not.toMatch(/at .*\.ts:\d+/)
    }
  })

  it("seed prints its usage for --help and for a bad option", () => {
    const seed = (...args: Array<string>) =>
      spawnSync(process.execPath, ["src/cli/seed.ts", ...args], { encoding: "utf8", timeout: 30_000 })
    expect(seed("--help").stdout).toMatch(/^usage: npm run seed/)
    const wrong = seed("--scale")
    expect(wrong.status).toBe(2)
    expect(wrong.stderr).toMatch(/usage: npm run seed/)
  })

  it("npm run <command> -- --help prints the command's usage before installing or building anything", () => {
    for (const command of ["start", "build", "test", "screenshots", "seed", "replay", "bench"]) {
      const answer = bootstrap(command, "--help")
      expect(answer.status, command).toBe(0)
      expect(answer.stdout, command).toMatch(/^usage: npm (start|test|run \w+)/)
    }
    expect(bootstrap("bench", "--help").stdout).toMatch(/seat-locks/)
    expect(bootstrap("bench").status).toBe(2)
  })
})
