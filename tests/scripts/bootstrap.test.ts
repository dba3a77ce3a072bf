import { spawnSync } from "node:child_process"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"

/**
 * scripts/bootstrap.cjs in a folder of its own with no node_modules: whatever it would install, it would
 * install there, and a wrong command line must not get that far (a test of the usage lines runs it).
 */
describe("bootstrap before installing", () => {
  let root = ""
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it("npm run bench with no name or an unknown one prints the usage and installs nothing", () => {
    root = mkdtempSync(join(tmpdir(), "marquee-bootstrap-"))
    for (const folder of ["scripts", "bench"]) mkdirSync(join(root, folder))
    copyFileSync("scripts/bootstrap.cjs", join(root, "scripts", "bootstrap.cjs"))
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "empty", private: true }))
    writeFileSync(join(root, "bench", "seat-locks.ts"), "")
    for (const args of [[], ["no-such-bench"]]) {
      const answer = spawnSync(process.execPath, [join(root, "scripts", "bootstrap.cjs"), "bench", ...args], {
        encoding: "utf8",
        timeout: 60_000,
      })
      expect(answer.status, args.join(" ")).toBe(2)
      expect(answer.stderr).toMatch(/^usage: npm run bench -- <name>; available: seat-locks/)
      expect(answer.stdout).not.toMatch(/Installing dependencies/)
      expect(existsSync(join(root, "node_modules"))).toBe(false)
    }
  })
})
