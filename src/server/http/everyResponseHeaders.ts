import { Effect } from "effect"
import { HttpEffect, HttpMiddleware, HttpServerRequest, HttpServerResponse } from "effect/http"
import { retryAfterOf } from "./retryAfter.ts"

/**
 * Headers on every answer the server gives, whatever made it (issue 20, Defences): the app shell and the
 * sandbox's pages set their own Content-Security-Policy (src/server/http/securityHeaders.ts); any answer without
 * one (API JSON, problem answers, files, redirects) gets a policy that allows nothing, so a JSON answer opened as
 * a page, or a file served with a wrong type, can run nothing and be framed by no one. Content types are never
 * sniffed, no feature the shop does not use can be asked for, and over HTTPS browsers are told to stay on it.
 */

/** For answers that are not pages: nothing may load, run or frame them. */
export const NOTHING_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/**
 * For scripts: a policy on a script's answer applies when the script runs as a worker (the service worker, the
 * human-check solver), which fetch, cache and import from our origin; a page's scripts ignore it.
 */
export const WORKER_POLICY =
  "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

const isScript = (contentType: string | undefined): boolean =>
  /^\s*(text|application)\/(javascript|ecmascript)\b/i.test(contentType ?? "")

/**
 * The shop needs none of these: a script that got in still cannot reach the camera, the microphone, the
 * location, the USB or payment handlers of the browser (cards are typed on the provider's page).
 */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), payment=(), interest-cohort=()"

/** One year, subdomains included; only sent over HTTPS (a proxy in front says so in x-forwarded-proto). */
const HSTS = "max-age=31536000; includeSubDomains"

const overHttps = (request: HttpServerRequest.HttpServerRequest): boolean =>
  (request.headers["x-forwarded-proto"] ?? "").split(",")[0]?.trim().toLowerCase() === "https"

export const defaultHeaders = (
  present: Readonly<Record<string, string>>,
  https: boolean,
  contentType?: string,
): Readonly<Record<string, string>> => {
  const wanted: Record<string, string> = {
    "content-security-policy": isScript(contentType ?? present["content-type"])
      ? WORKER_POLICY
      : NOTHING_POLICY,
    "x-content-type-options": "nosniff",
    "permissions-policy": PERMISSIONS_POLICY,
    "referrer-policy": "strict-origin-when-cross-origin",
    ...(https ? { "strict-transport-security": HSTS } : {}),
  }
  return Object.fromEntries(Object.entries(wanted).filter(([name]) => present[name] === undefined))
}

const withDefaults = (
  request: HttpServerRequest.HttpServerRequest,
  response: HttpServerResponse.HttpServerResponse,
) => {
  const retryAfter = retryAfterOf(response)
  return HttpServerResponse.setHeaders(response, {
    ...defaultHeaders(
      response.headers,
      overHttps(request),
      response.headers["content-type"] ??
        ("contentType" in response.body ? response.body.contentType : undefined),
    ),
    ...(retryAfter === undefined ? {} : { "retry-after": retryAfter }),
  })
}

/**
 * Twice, because Effect's server sends answers two ways: a route's answer is written before a middleware's own
 * continuation runs, so it gets the headers in a pre-response handler (which failures' answers pass through too);
 * an answer a middleware gives itself (a body too large, a control character) skips those handlers and is written
 * from the middleware's result, so that result gets them as well.
 */
export const everyResponseHeaders = HttpMiddleware.make((app) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const response = yield* HttpEffect.withPreResponseHandler(app, (asked, answer) =>
      Effect.succeed(withDefaults(asked, answer)),
    )
    return withDefaults(request, response)
  }),
)
