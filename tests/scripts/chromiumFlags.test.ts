import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { describe, expect, it } from "vitest"
import { JOURNEY_CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from "../../e2e/chromiumFlags.ts"

/** The feature names in the installed playwright-core's `disabledFeatures = [ … ]` (its Chromium defaults). */
const installedPlaywrightDisabledFeatures = (): ReadonlyArray<string> => {
  const packageJson = createRequire(import.meta.url).resolve("playwright-core/package.json")
  const bundle = readFileSync(join(dirname(packageJson), "lib", "coreBundle.js"), "utf8")
  const start = bundle.indexOf("disabledFeatures = [")
  expect(
    start,
    "playwright-core no longer names its disabledFeatures: read how it starts Chromium",
  ).toBeGreaterThan(-1)
  const list = bundle.slice(start, bundle.indexOf("]", start))
  return [...list.matchAll(/"([A-Za-z0-9]+)"/g)].map((match) => match[1] ?? "")
}

describe("the journeys' Chromium flags", () => {
  it("repeat every feature the installed Playwright turns off (Chromium reads only the last --disable-features)", () => {
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual(
      [...installedPlaywrightDisabledFeatures()].sort(),
    )
  })

  it("name --disable-features once, with Playwright's list and the unused browser UI", () => {
    const flags = JOURNEY_CHROMIUM_ARGS.filter((flag) => flag.startsWith("--disable-features="))
    expect(flags).toHaveLength(1)
    const features = (flags[0] ?? "").slice("--disable-features=".length).split(",")
    expect(features).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup"]))
  })
})
