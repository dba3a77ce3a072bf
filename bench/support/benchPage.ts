import { createServer, type Server } from "node:http"

/**
 * Serves a benchmark's page at `/` and its bundle at `/bench.js` on a free local port, cross-origin isolated so
 * `performance.now()` is not coarsened to 100 µs. Anything else (favicon.ico) answers without a console 404.
 */
export const serveBenchPage = async (
  page: string,
  script: string | Buffer,
): Promise<{ server: Server; url: string }> => {
  const server = createServer((req, res) => {
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin")
    res.setHeader("Cross-Origin-Embedder-Policy", "require-corp")
    res.setHeader("Cache-Control", "no-store")
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname
    if (path === "/") {
      res.setHeader("Content-Type", "text/html; charset=utf-8")
      res.end(page)
    } else if (path === "/bench.js") {
      res.setHeader("Content-Type", "text/javascript; charset=utf-8")
      res.end(script)
    } else {
      res.statusCode = path === "/favicon.ico" ? 204 : 404
      res.end()
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  return { server, url: `http://127.0.0.1:${port}/` }
}
