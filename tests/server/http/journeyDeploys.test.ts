import { describe, expect, it } from "vitest"
import { DEPLOY_COOKIE, deployedWorker } from "../../../src/server/http/journeyDeploys.ts"

/** The journeys' stand-in for a deploy (issue 17): another worker for the browser that asks, the build for the rest. */
describe("deployedWorker", () => {
  const built = "self.addEventListener('message', () => {})"

  it("appends the deploy the cookie names, so the browser finds a byte-different worker", () => {
    const next = deployedWorker({ [DEPLOY_COOKIE]: "next" }, built)
    expect(next).toBe(`${built}\n// deploy next\n`)
  })

  it("serves the build itself without the cookie, or with a value that is not a deploy name", () => {
    expect(deployedWorker({}, built)).toBeUndefined()
    expect(deployedWorker({ [DEPLOY_COOKIE]: "*/alert(1)/*" }, built)).toBeUndefined()
    expect(deployedWorker({ [DEPLOY_COOKIE]: "x".repeat(41) }, built)).toBeUndefined()
  })
})
