import { createRequire } from "node:module"
import { describe, expect, it } from "vitest"

type Plan = { readonly action: "ready" | "install" | "stop"; readonly message?: string }
const { chromiumPlan } = createRequire(import.meta.url)("../../scripts/chromium.cjs") as {
  chromiumPlan: (facts: { executable: string; exists: boolean; isRoot: boolean; hasApt: boolean }) => Plan
}

const facts = { executable: "/usr/bin/chromium", exists: false, isRoot: false, hasApt: false }

describe("npm test and the browser", () => {
  it("goes on when Chromium is there", () => {
    expect(chromiumPlan({ ...facts, exists: true }).action).toBe("ready")
  })

  it("installs Debian's chromium when it is missing and it can (root with apt)", () => {
    expect(chromiumPlan({ ...facts, isRoot: true, hasApt: true }).action).toBe("install")
  })

  it("otherwise stops at once with one line that says what to run", () => {
    for (const who of [
      { isRoot: false, hasApt: true },
      { isRoot: true, hasApt: false },
    ]) {
      const plan = chromiumPlan({ ...facts, ...who })
      expect(plan.action).toBe("stop")
      expect(plan.message).toMatch(/apt-get install -y chromium/)
      expect(plan.message).not.toContain("\n")
    }
  })
})
