import type { HttpServerResponse } from "effect/http"

/**
 * `Retry-After` on every refusal that says when to come back (issue 20, Defences: "a clear, translated error and a
 * Retry-After"). The contract's limit errors carry `retryAfterSeconds` in their JSON body (the browser reads it to
 * say how long to wait); this puts the same number in the header that clients, proxies and crawlers read, so no
 * limit has to remember to set it.
 */
export const retryAfterOf = (response: HttpServerResponse.HttpServerResponse): string | undefined => {
  if (response.status !== 429 && response.status !== 503) return undefined
  if (response.headers["retry-after"] !== undefined || response.body._tag !== "Uint8Array") return undefined
  try {
    const text = response.body.text ?? new TextDecoder().decode(response.body.body)
    const seconds = (JSON.parse(text) as { retryAfterSeconds?: unknown }).retryAfterSeconds
    return typeof seconds === "number" && Number.isInteger(seconds) && seconds >= 0
      ? String(seconds)
      : undefined
  } catch {
    return undefined
  }
}
