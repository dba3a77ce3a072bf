/**
 * The journeys' servers, started by `npm test` (scripts/bootstrap.cjs) before the type check, lint and Vitest
 * instead of by Playwright after them: migrating and seeding their two embedded databases took the first 26 s of
 * every Playwright run, with nothing else to do meanwhile (they seed one database now, and each copies it:
 * scripts/journey-server.ts). Playwright then finds them answering and reuses them (`E2E_SERVERS=started` in
 * playwright.config.ts).
 *
 * The servers are exactly playwright.config.ts's `webServer` entries (command, environment, readiness), so the
 * two ways of starting them cannot drift apart. Writes `ready` (or `failed`, with the reason) into the folder
 * given as its argument; their output goes to its own standard output. On SIGTERM or SIGINT it stops them and
 * exits.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { writeFileSync } from "node:fs"
import { join } from "node:path"

const markers = process.argv[2]
if (markers === undefined) {
  console.error("usage: node scripts/e2e-servers.ts <folder for the ready/failed marker>")
  process.exit(2)
}

const children: Array<ChildProcess> = []
let stopping = false

const stop = (code: number) => {
  stopping = true
  // each server runs in a process group of its own (the shell that starts it and the server): stop the group,
  // or the server outlives its shell
  for (const child of children)
    if (child.pid !== undefined && child.exitCode === null)
      try {
        process.kill(-child.pid, "SIGTERM")
      } catch {
        // gone already
      }
  process.exit(code)
}
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => stop(0))
// `npm test` killed outright sends nothing: when it is gone, so are its servers
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) stop(0)
}, 1000).unref()

const fail = (reason: string) => {
  writeFileSync(join(markers, "failed"), reason)
  stop(1)
}
// whatever goes wrong here, the waiting `npm test` hears of it at once instead of waiting for a timeout
process.on("uncaughtException", (error) => fail(String(error)))
process.on("unhandledRejection", (error) => fail(String(error)))

const config = (await import("../playwright.config.ts")).default
const entries = [config.webServer ?? []].flat()

const started = entries.map(
  (entry, index) =>
    new Promise<void>((resolve) => {
      const child = spawn(entry.command, {
        shell: true,
        env: { ...process.env, ...entry.env },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      })
      children.push(child)
      const ready = entry.wait?.stdout ?? /is ready at/
      let seen = ""
      child.stdout?.on("data", (chunk: Buffer) => {
        process.stdout.write(chunk)
        // readiness is one line; keep only the tail so a long log is not held in memory
        seen = (seen + chunk.toString("utf8")).slice(-4096)
        if (ready.test(seen)) resolve()
      })
      child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk))
      child.on("exit", (code, signal) => {
        if (!stopping) fail(`journey server ${index + 1} (${entry.url}) stopped: ${signal ?? `exit ${code}`}`)
      })
    }),
)

const timeoutMs = Math.max(...entries.map((entry) => entry.timeout ?? 60_000))
const timer = setTimeout(() => fail(`the journey servers were not ready within ${timeoutMs} ms`), timeoutMs)
await Promise.all(started)
clearTimeout(timer)
writeFileSync(join(markers, "ready"), "")
