import type { Duplex } from "node:stream"
import { Effect } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { defaultHeaders } from "./everyResponseHeaders.ts"

/**
 * Issue 20, Proof "Fuzz": every refusal of a call carries a code. Two kinds of refusal came without one: those
 * Effect's HTTP layer answers itself with plain text or nothing (415 `Unsupported content-type: text/plain`, an
 * empty 413), and those Node's HTTP parser answers before any route runs (431 for an address or header over
 * Node's 16 KB, 400 for a malformed request, 408 for one that did not arrive in time). Both now get the
 * problem+json every other refusal has, with a code a client can act on.
 */

const CODES: Readonly<Record<number, { readonly code: string; readonly title: string }>> = {
  400: { code: "badRequest", title: "Bad Request" },
  404: { code: "notFound", title: "Not Found" },
  405: { code: "methodNotAllowed", title: "Method Not Allowed" },
  408: { code: "requestTimeout", title: "Request Timeout" },
  413: { code: "bodyTooLarge", title: "Content Too Large" },
  415: { code: "unsupportedContentType", title: "Unsupported Media Type" },
  431: { code: "headersTooLarge", title: "Request Header Fields Too Large" },
}

const problemOf = (status: number) => {
  const known = CODES[status] ?? { code: `http${status}`, title: "Client Error" }
  return { type: "about:blank", title: known.title, status, code: known.code }
}

/**
 * A 4xx from an `/api` route whose body is not JSON gets a problem+json body instead (its text, if any, becomes
 * the `detail`). Runs on the router's answer before it is sent; the shell's pages and other answers are left as
 * they are.
 */
export const problemForBareRefusals = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const response = yield* app
    if (response.status < 400 || response.status >= 500 || !request.url.startsWith("/api/")) return response
    const body = response.body
    const contentType =
      response.headers["content-type"] ?? ("contentType" in body ? body.contentType : "") ?? ""
    if (/json/i.test(contentType)) return response
    const detail = body._tag === "Uint8Array" ? new TextDecoder().decode(body.body) : undefined
    return HttpServerResponse.jsonUnsafe(
      { ...problemOf(response.status), ...(detail ? { detail } : {}) },
      { status: response.status, contentType: "application/problem+json" },
    )
  })

const NODE_STATUS: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
}

/**
 * Node's `clientError`: what Node itself would answer (the same status, only while no answer has begun), with a
 * problem+json body; the connection is closed after it, as Node does.
 */
export const answerClientError = (error: Error & { readonly code?: string }, socket: Duplex): void => {
  const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent
  if (error.code === "ECONNRESET" || !socket.writable || started === true) {
    socket.destroy()
    return
  }
  const problem = problemOf(NODE_STATUS[error.code ?? ""] ?? 400)
  const body = JSON.stringify(problem)
  // the headers every answer carries (everyResponseHeaders.ts): this one is written by hand, past Effect's server
  const security = Object.entries(defaultHeaders({}, false))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")
  socket.end(
    `HTTP/1.1 ${problem.status} ${problem.title}\r\ncontent-type: application/problem+json\r\n${security}` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  )
}
