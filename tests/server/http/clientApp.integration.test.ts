import { createHash } from "node:crypto"
import { existsSync, rmSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import en from "../../../locales/en.json" with { type: "json" }
import he from "../../../locales/he.json" with { type: "json" }
import { embeddedDataDir } from "../../_support/databases.ts"
import { embeddedTarget, type RunningServer, startTestServer } from "../../_support/testServer.ts"

/**
 * Issue 13, defect 7: the app shell's status and `<html lang dir>` as the server sends them, before any script
 * runs. The shell does not touch the database, so the embedded one alone is enough. Needs the built PWA
 * (`npm run build` writes dist/).
 */
describe("the app shell through the real HTTP server", () => {
  let server: RunningServer | undefined
  let dir = ""
  beforeAll(async () => {
    if (!existsSync("dist/index.html")) throw new Error("dist/index.html is missing: run npm run build first")
    // a copy of the run's seeded database: migrating and seeding an empty one took most of this file's time
    dir = await embeddedDataDir("shell")
    server = await startTestServer(embeddedTarget(dir))
  }, 180_000)
  afterAll(async () => {
    await server?.close()
    if (dir !== "") rmSync(dir, { recursive: true, force: true })
  })

  const page = async (path: string) => {
    if (server === undefined) throw new Error("server not started")
    const response = await fetch(`${server.baseUrl}${path}`)
    const html = await response.text()
    const root = /<html[^>]*>/.exec(html)?.[0] ?? ""
    return {
      status: response.status,
      html,
      root,
      type: response.headers.get("content-type"),
      headers: response.headers,
    }
  }

  it("answers an unknown path 404 with the not-found document in the default language (Hebrew, rtl)", async () => {
    const { status, html, root, type } = await page("/no-such-page")
    expect(status).toBe(404)
    expect(type).toContain("text/html")
    expect(root).toBe('<html lang="he" dir="rtl">')
    expect(html).toContain(`<title>${he.errors.notFound}</title>`)
    expect(html).toContain('<div id="root">')
  })

  it("answers an unknown path asked for in English 404 in English", async () => {
    const { status, html, root } = await page("/order/1/nowhere?lang=en")
    expect(status).toBe(404)
    expect(root).toBe('<html lang="en" dir="ltr">')
    expect(html).toContain(`<title>${en.errors.notFound}</title>`)
  })

  it("answers a lang the site does not have 404, already Hebrew and right to left", async () => {
    for (const lang of ["xx", "pl", "EN"]) {
      const { status, root } = await page(`/?lang=${lang}`)
      expect(status, lang).toBe(404)
      expect(root, lang).toBe('<html lang="he" dir="rtl">')
    }
  })

  it("answers an enabled lang with that language and its direction", async () => {
    expect((await page("/?lang=en")).root).toBe('<html lang="en" dir="ltr">')
    expect((await page("/?lang=ru")).root).toBe('<html lang="ru" dir="ltr">')
    expect((await page("/?lang=he")).root).toBe('<html lang="he" dir="rtl">')
  })

  it("answers the app's pages 200", async () => {
    for (const path of ["/", "/?lang=en", "/support", "/order/1/seats", "/order/payment-return?lang=ru"]) {
      const { status, html } = await page(path)
      expect(status, path).toBe(200)
      expect(html, path).not.toContain(he.errors.notFound)
    }
  })

  it("serves robots.txt, and a file it does not have as a plain 404, never as the app's HTML", async () => {
    const robots = await page("/robots.txt")
    expect(robots.status).toBe(200)
    expect(robots.type).toContain("text/plain")
    expect(robots.html).toContain("Disallow: /api/")
    for (const path of ["/nothing.txt", "/assets/gone-1234.js", "/apple-touch-icon.png"]) {
      const missing = await page(path)
      expect(missing.status, path).toBe(404)
      expect(missing.html, path).not.toContain("<html")
    }
  })

  it("still serves real files and the API's own JSON 404", async () => {
    expect((await page("/manifest.webmanifest")).status).toBe(200)
    const api = await page("/api/nowhere")
    expect(api.status).toBe(404)
    expect(api.type).toContain("application/problem+json")
  })

  // issue 14, item 9
  it("sends the shell with a policy that allows only our origin and its own inline style, never framed", async () => {
    for (const path of ["/", "/order/1/seats?lang=en", "/no-such-page"]) {
      const { headers, html } = await page(path)
      const policy = headers.get("content-security-policy") ?? ""
      expect(policy, path).toContain("default-src 'self'")
      expect(policy, path).toContain("script-src 'self'")
      expect(policy, path).toContain("frame-ancestors 'none'")
      expect(policy, path).toContain("object-src 'none'")
      expect(policy, path).not.toContain("unsafe-inline")
      // regl's `Function` runs in the seat map's worker only, under that script's own policy
      expect(policy, path).not.toContain("unsafe-eval")
      expect(policy, path).toContain("base-uri 'none'")
      // the shell's inline <style> is allowed by its hash: the first paint keeps its colours
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1]
      expect(style, path).toBeDefined()
      const hash = createHash("sha256")
        .update(style ?? "")
        .digest("base64")
      expect(policy, path).toContain(`'sha256-${hash}'`)
      expect(headers.get("x-content-type-options"), path).toBe("nosniff")
      expect(headers.get("x-frame-options"), path).toBe("DENY")
      expect(headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin")
    }
  })

  it("sends no referrer from a page whose address is a key, and never lets a file be sniffed", async () => {
    for (const path of ["/edocument/k3y", "/order/confirmation/MQ1?key=secret", "/customer/t0ken"])
      expect((await page(path)).headers.get("referrer-policy"), path).toBe("no-referrer")
    expect((await page("/manifest.webmanifest")).headers.get("x-content-type-options")).toBe("nosniff")
  })

  const raw = (path: string) =>
    new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      if (server === undefined) throw new Error("server not started")
      const { hostname, port } = new URL(server.baseUrl)
      const request = httpRequest({ host: hostname, port, path, method: "GET" }, (response) => {
        response.resume()
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location }),
        )
      })
      request.on("error", reject)
      request.end()
    })

  // Issue 19, routes: a path beginning with /http (spec §2) sends the browser on only to a host of the allowlist
  // (EXTERNAL_LINK_HOSTS, by default the chain's trailer and social hosts); every other address stays on our site,
  // sent to the app's interstitial (/leaving), and one that cannot be read safely is a 404. Requests go out raw
  // (node:http), as a browser or a hand-made link may send them: fetch would tidy the path first.
  it("redirects a /http link to an allowed host, and only there", async () => {
    expect(await raw("/https://www.youtube.com/watch?v=7")).toEqual({
      status: 302,
      location: "https://www.youtube.com/watch?v=7",
    })
  })

  it("keeps every trick on our site: the interstitial for an address, a 404 for what cannot be read", async () => {
    const answers: Record<string, { status: number; location: string | undefined }> = {}
    for (const path of [
      "/https://evil.example/",
      "/http:%2F%2Fevil.example",
      "/https://www.youtube.com@evil.example/",
      "/https://www.youtube.com.evil.example/",
      "/HTTPS://EVIL.EXAMPLE/",
      "/https://www.youtube.com:8443/",
      "/https:\\\\evil.example",
      "/https://www.youtube.com\\@evil.example",
      "/https://www.youtube.com%09.evil.example",
      "/http:evil.example",
    ])
      answers[path] = await raw(path)
    for (const [path, answer] of Object.entries(answers)) {
      // our own interstitial, or no redirect at all (400: a control character, refused before any route by
      // src/server/http/refuseControlCharacters.ts)
      if (answer.location === undefined) expect([400, 404], path).toContain(answer.status)
      else expect(answer.location, path).toMatch(/^\/leaving\?to=/)
    }
    expect(answers["/https://evil.example/"]).toEqual({
      status: 302,
      location: `/leaving?to=${encodeURIComponent("https://evil.example/")}`,
    })
    expect(answers["/https://www.youtube.com@evil.example/"]?.location).toBe(
      `/leaving?to=${encodeURIComponent("https://www.youtube.com@evil.example/")}`,
    )
    expect(answers["/https:\\\\evil.example"]?.status).toBe(404)
  })
})
