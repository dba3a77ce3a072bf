// Debian's Chromium for the end-to-end journeys: `npm test` installs it where it can, and otherwise stops at
// once with one line saying what to run (Playwright never downloads a browser here). Plain CommonJS, like
// bootstrap.cjs, so it runs on any Node.
"use strict"

const fs = require("node:fs")
const { spawnSync } = require("node:child_process")

const DEFAULT_PATH = "/usr/bin/chromium"
const INSTALL_HINT = "apt-get install -y chromium"

/**
 * What to do about the browser, from facts alone (so it can be tested without a machine to match):
 * `ready` when the executable exists, `install` when it is missing and we are root with apt, else `stop`
 * with the one line to show.
 */
const chromiumPlan = ({ executable, exists, isRoot, hasApt }) => {
  if (exists) return { action: "ready" }
  if (isRoot && hasApt) return { action: "install" }
  return {
    action: "stop",
    message: `Chromium is missing at ${executable}: run \`sudo ${INSTALL_HINT}\` (or set CHROMIUM_PATH), then npm test again`,
  }
}

const onPath = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0

/** Looks at this machine, installs Chromium if the plan says so, and returns false if the tests cannot run. */
const ensureChromium = (log) => {
  const executable = process.env.CHROMIUM_PATH || DEFAULT_PATH
  const plan = chromiumPlan({
    executable,
    exists: fs.existsSync(executable),
    isRoot: typeof process.getuid === "function" && process.getuid() === 0,
    hasApt: onPath("apt-get"),
  })
  if (plan.action === "ready") return true
  if (plan.action === "stop") {
    console.error(`[marquee] ${plan.message}`)
    return false
  }
  log("Chromium is missing: installing Debian's chromium (apt-get)")
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env })
  const install =
    update.status === 0
      ? spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env })
      : update
  if (install.status !== 0 || !fs.existsSync(executable)) {
    console.error(`[marquee] could not install Chromium: run \`${INSTALL_HINT}\`, then npm test again`)
    return false
  }
  return true
}

module.exports = { chromiumPlan, ensureChromium }
