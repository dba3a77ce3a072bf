/**
 * `npm test` once the dependencies, the browser and the build are there (scripts/bootstrap.cjs): the type checks,
 * lint, Vitest and Playwright, run side by side instead of one after the other.
 *
 * Why side by side: on this 2-core machine each step alone leaves much of the CPU idle — Vitest's integration
 * tests wait on PostgreSQL, the disk and their own HTTP calls; a journey waits on its page, its server and the
 * browser's compositor — so the run in sequence (types, lint, 6 min of Vitest, then 7–8 min of journeys) took 15
 * minutes against issue 13's goal of 10. The journeys' servers start first (scripts/e2e-servers.ts: they migrate and
 * seed two embedded databases) and Playwright starts the moment they answer; everything else starts at once.
 *
 * Each step's lines reach the terminal as they come, prefixed with the step's name; the end prints one line per step
 * (passed or failed, seconds) and exits non-zero when any failed. A step that fails does not stop the others: a
 * type error and a broken journey are both worth knowing from one run. Arguments go to Vitest, as before.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"

const ROOT = join(import.meta.dirname, "..")
const bin = (name: string) => join(ROOT, "node_modules", ".bin", name)
const log = (message: string) => console.log(`[marquee] ${message}`)

/** Playwright's own deadline for a server (playwright.config.ts `webServer.timeout`). */
const SERVERS_DEADLINE_MS = 420_000

const running = new Set<ChildProcess>()
const stopAll = () => {
  for (const child of running)
    if (child.pid !== undefined && child.exitCode === null)
      try {
        // each step runs in a process group of its own, so its browsers and workers stop with it
        process.kill(-child.pid, "SIGTERM")
      } catch {
        // gone already
      }
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    stopAll()
    process.exit(130)
  })
process.on("exit", stopAll)

/** Passes a child's output on line by line, each line under the step's name, so two steps never mix mid-line. */
const relay = (stream: NodeJS.ReadableStream | null, prefix: string, to: NodeJS.WriteStream) => {
  if (stream === null) return
  let pending = ""
  stream.setEncoding("utf8")
  stream.on("data", (chunk: string) => {
    const lines = (pending + chunk).split(/\r?\n/)
    pending = lines.pop() ?? ""
    for (const line of lines) to.write(`${prefix}${line}\n`)
  })
  stream.on("end", () => {
    if (pending !== "") to.write(`${prefix}${pending}\n`)
  })
}

interface Outcome {
  readonly name: string
  readonly status: number
  readonly seconds: number
}

/**
 * `nice -n 10` where the platform has it: the type check and the linter are short and far off the run's longest path
 * (Vitest), but at the start they took both cores from the seeding of the test templates, which every integration
 * test waits for. A niced process only gives way; it still has the cores the others leave idle.
 */
const NICE = process.platform !== "win32" && existsSync("/usr/bin/nice") ? "/usr/bin/nice" : undefined

const runStep = (
  name: string,
  command: string,
  args: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv = process.env,
  options: { readonly yieldCpu?: boolean } = {},
): Promise<Outcome> =>
  new Promise((resolve) => {
    const started = performance.now()
    log(`== ${name} started`)
    const [file, argv] =
      options.yieldCpu === true && NICE !== undefined
        ? [NICE, ["-n", "10", command, ...args]]
        : [command, [...args]]
    const child = spawn(file, argv, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true })
    running.add(child)
    const prefix = `[${name}] `
    relay(child.stdout, prefix, process.stdout)
    relay(child.stderr, prefix, process.stderr)
    const finish = (status: number) => {
      running.delete(child)
      const seconds = Math.round((performance.now() - started) / 100) / 10
      log(`== ${name} ${status === 0 ? "passed" : `failed (exit ${status})`} in ${seconds} s`)
      resolve({ name, status, seconds })
    }
    child.on("error", (error) => {
      console.error(`${prefix}${error.message}`)
      finish(1)
    })
    child.on("close", (code, signal) => finish(code ?? (signal === null ? 1 : 128)))
  })

/**
 * The journeys' two servers (scripts/e2e-servers.ts), started before anything else so they migrate and seed while
 * the other steps run; their output goes to scratch/e2e-servers.log. Answers Playwright's environment once they are
 * ready; if they could not start, Playwright starts its own as it would alone.
 */
const startJourneyServers = (): { readonly env: Promise<NodeJS.ProcessEnv>; readonly stop: () => void } => {
  const markers = mkdtempSync(join(tmpdir(), "marquee-e2e-servers-"))
  mkdirSync(join(ROOT, "scratch"), { recursive: true })
  const output = openSync(join(ROOT, "scratch", "e2e-servers.log"), "w")
  // the journeys' clock starts now, for the servers and for the browsers Playwright starts later (e2e/fixtures.ts)
  const env = { ...process.env, E2E_CLOCK_WALL_START: process.env.E2E_CLOCK_WALL_START ?? String(Date.now()) }
  const child = spawn(process.execPath, [join(ROOT, "scripts", "e2e-servers.ts"), markers], {
    cwd: ROOT,
    env,
    stdio: ["ignore", output, output],
  })
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM")
  }
  process.on("exit", stop)
  const ready = async (): Promise<NodeJS.ProcessEnv> => {
    const deadline = Date.now() + SERVERS_DEADLINE_MS
    while (
      !existsSync(join(markers, "ready")) &&
      !existsSync(join(markers, "failed")) &&
      Date.now() < deadline
    )
      await sleep(200)
    if (existsSync(join(markers, "ready"))) return { ...env, E2E_SERVERS: "started" }
    const why = existsSync(join(markers, "failed"))
      ? readFileSync(join(markers, "failed"), "utf8")
      : "not ready in time"
    log(`the journey servers started early did not come up (${why}): Playwright starts its own`)
    stop()
    return env
  }
  return { env: ready(), stop }
}

const vitestArgs = process.argv.slice(2)
const servers = startJourneyServers()
const outcomes = await Promise.all([
  runStep("types", bin("tsc"), ["--noEmit", "-p", "."], process.env, { yieldCpu: true }),
  runStep("types (service worker)", bin("tsc"), ["--noEmit", "-p", "workers"], process.env, {
    yieldCpu: true,
  }),
  runStep("lint", bin("biome"), ["check", "."], process.env, { yieldCpu: true }),
  runStep("vitest", bin("vitest"), ["run", ...vitestArgs]),
  servers.env.then((env) => runStep("playwright", bin("playwright"), ["test"], env)),
])
servers.stop()

const failed = outcomes.filter((outcome) => outcome.status !== 0)
for (const { name, status, seconds } of outcomes)
  log(`${status === 0 ? "passed" : "FAILED"}  ${name} (${seconds} s)`)
if (failed.length > 0) {
  log(`failed: ${failed.map((outcome) => outcome.name).join(", ")}`)
  process.exit(1)
}
log("all tests passed")
