import { existsSync, readdirSync, rmSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  NOTHING_POLICY,
  PERMISSIONS_POLICY,
  WORKER_POLICY,
} from "../../../src/server/http/everyResponseHeaders.ts"
import { SEAT_MAP_WORKER_POLICY } from "../../../src/server/http/securityHeaders.ts"
import { embeddedDataDir } from "../../_support/databases.ts"
import { embeddedTarget, type RunningServer, startTestServer } from "../../_support/testServer.ts"

/**
 * Issue 20, Defences: the security headers on every kind of answer, whatever made it — the shell, a script
 * file, the manifest, API JSON, a refusal, a missing file, the sandbox provider's page and inbox, a redirect,
 * an answer Node's parser or our body limit gave. Headers do not depend on the database: the embedded one serves.
 */
describe("security headers on every response type", () => {
  let server: RunningServer | undefined
  let dir = ""
  beforeAll(async () => {
    if (!existsSync("dist/index.html")) throw new Error("dist/index.html is missing: run npm run build first")
    // a copy of the run's seeded database: migrating and seeding an empty one took most of this file's time
    dir = await embeddedDataDir("headers")
    server = await startTestServer(embeddedTarget(dir))
  }, 180_000)
  afterAll(async () => {
    await server?.close()
    if (dir !== "") rmSync(dir, { recursive: true, force: true })
  })

  const assets = () => readdirSync("dist/assets")
  const script = () =>
    assets().find((name) => name.endsWith(".js") && !name.startsWith("seatMapWorker-")) as string
  // the seat map's painting worker (vite.config.ts names it): the one answer that may `eval`, for regl
  const painter = () => assets().find((name) => /^seatMapWorker-[\w-]+\.js$/.test(name)) as string

  it("every answer has a policy, no sniffing, no browser features and a referrer rule", async () => {
    if (server === undefined) throw new Error("server not started")
    const base = server.baseUrl
    const cases: ReadonlyArray<
      readonly [string, RequestInit | undefined, "page" | "nothing" | "worker" | "painter"]
    > = [
      ["/", undefined, "page"],
      ["/no-such-page", undefined, "page"],
      // what the service worker precaches and serves for every page offline: the shell's policy, not data's
      ["/index.html", undefined, "page"],
      [`/assets/${script()}`, undefined, "worker"],
      [`/assets/${painter()}`, undefined, "painter"],
      ["/sw.js", undefined, "worker"],
      ["/manifest.webmanifest", undefined, "nothing"],
      ["/robots.txt", undefined, "nothing"],
      ["/assets/no-such-file.js", undefined, "nothing"],
      ["/api/config", undefined, "nothing"],
      ["/api/openapi.json", undefined, "nothing"],
      ["/api/presentations/999999999", undefined, "nothing"],
      ["/api/no-such-call", undefined, "nothing"],
      [
        "/api/payment/commit",
        { method: "POST", body: "{", headers: { "content-type": "application/json" } },
        "nothing",
      ],
      [
        "/api/cart/token",
        { method: "POST", body: "x".repeat(2_000_000), headers: { "content-type": "application/json" } },
        "nothing",
      ],
      ["/api/config?x=%01", undefined, "nothing"],
      ["/sandbox/inbox/0521234567", undefined, "page"],
      ["/http/www.example.com", { redirect: "manual" }, "page"],
    ]
    for (const [path, init, kind] of cases) {
      const response = await fetch(`${base}${path}`, init)
      await response.arrayBuffer()
      const headers = response.headers
      const policy = headers.get("content-security-policy") ?? ""
      expect(policy, `${path} ${response.status}`).not.toBe("")
      if (kind === "nothing") expect(policy, path).toBe(NOTHING_POLICY)
      // a script's policy is what it may do as a worker: the service worker fetches and caches our files
      if (kind === "worker") expect(policy, path).toBe(WORKER_POLICY)
      if (kind === "page") expect(policy, path).not.toBe(NOTHING_POLICY)
      // no `eval` anywhere, the shell included, but in the seat map's painting worker (regl's `Function`)
      if (kind === "painter") expect(policy, path).toBe(SEAT_MAP_WORKER_POLICY)
      else expect(policy, path).not.toContain("unsafe-eval")
      expect(policy, path).not.toContain("unsafe-inline")
      expect(policy, path).toMatch(/frame-ancestors '(none|self)'/)
      expect(headers.get("x-content-type-options"), path).toBe("nosniff")
      expect(headers.get("permissions-policy"), path).toBe(PERMISSIONS_POLICY)
      expect(headers.get("referrer-policy"), path).not.toBeNull()
      // plain HTTP here: HSTS only when a proxy in front says the buyer came over HTTPS
      expect(headers.get("strict-transport-security"), path).toBeNull()
    }
  })

  it("tells browsers to stay on HTTPS when the request came over it", async () => {
    if (server === undefined) throw new Error("server not started")
    const response = await fetch(`${server.baseUrl}/api/config`, {
      headers: { "x-forwarded-proto": "https" },
    })
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains")
  })

  it("the sandbox provider's page allows its own inline style and script by hash, and only our frames", async () => {
    if (server === undefined) throw new Error("server not started")
    const response = await fetch(`${server.baseUrl}/sandbox/inbox/0521234567`)
    const policy = response.headers.get("content-security-policy") ?? ""
    expect(policy).toContain("default-src 'none'")
    expect(policy).toMatch(/style-src 'sha256-/)
    expect(policy).toContain("frame-ancestors 'none'")
  })
})
