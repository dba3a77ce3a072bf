import { readFileSync, statSync } from "node:fs"
import { join, normalize, sep } from "node:path"
import { Config, Effect, Layer } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import type { ReservationNotFound } from "../../api/PaymentApi.ts"
import { externalLinkOf, mayRedirect, parseHostList } from "../../domain/shared/externalLink.ts"
import type { LocaleCode } from "../../domain/shared/locales.ts"
import { EnabledLocalesConfig, siteConfig } from "../config/siteConfig.ts"
import { deployedWorker, JourneyDeploys } from "./journeyDeploys.ts"
import {
  contentSecurityPolicy,
  FILE_HEADERS,
  SEAT_MAP_WORKER_PATH,
  SEAT_MAP_WORKER_POLICY,
  shellHeaders,
} from "./securityHeaders.ts"
import { type SiteLocales, shellAnswer } from "./shellDocument.ts"

/** The languages the site config enables; its default answers a path or `lang` the site does not have. */
const siteLocales = (enabled: ReadonlyArray<LocaleCode>): SiteLocales =>
  siteConfig("", undefined, undefined, enabled).locales

/**
 * Hashed build assets never change, so browsers may keep them forever; everything else (index.html,
 * the service worker, the manifest) must be revalidated so an update is noticed.
 */
const cacheControlFor = (path: string): string =>
  path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache"

/** Resolve a URL path to a file inside `root`, refusing anything that escapes it. */
const fileInside = (root: string, urlPath: string): string | undefined => {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  const candidate = normalize(join(root, decoded))
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined
  try {
    return statSync(candidate).isFile() ? candidate : undefined
  } catch {
    return undefined
  }
}

/**
 * Serves the built PWA from `distDir`: real files as they are, any other path the app shell (client-side
 * routes and the 404 page live in the app), with status 404 where the app has no page (shellDocument.ts). `/api/*` never gets here unless no endpoint matched, and then it
 * answers a JSON 404 — a client asking the API must never receive the HTML shell.
 */
/**
 * Hosts a `/http…` path may send the browser straight to (src/domain/shared/externalLink.ts): the chain's own
 * pages elsewhere, its trailers and its social pages. Any other address gets the app's interstitial.
 */
const ExternalLinkHosts = Config.String("EXTERNAL_LINK_HOSTS").pipe(
  Config.withDefault("www.youtube.com,www.facebook.com,www.instagram.com,www.waze.com"),
  Config.map(parseHostList),
)

export const clientAppLayer = (distDir: string) =>
  Layer.unwrap(
    Config.all([ExternalLinkHosts, EnabledLocalesConfig, JourneyDeploys]).pipe(
      Effect.orDie,
      Effect.map(([hosts, enabled, deploys]) =>
        clientAppRoutes(distDir, hosts, siteLocales(enabled), deploys),
      ),
    ),
  )

const clientAppRoutes = (
  distDir: string,
  externalHosts: ReadonlySet<string>,
  locales: SiteLocales,
  deploys: boolean,
) => {
  const root = normalize(distDir)
  const indexPath = join(root, "index.html")
  let template: { readonly html: string; readonly policy: string } | undefined
  const shell = () => {
    try {
      if (template === undefined) {
        const html = readFileSync(indexPath, "utf8")
        template = { html, policy: contentSecurityPolicy(html) }
      }
    } catch {
      return undefined
    }
    return template
  }

  const apiNotFound = HttpRouter.add("*", "/api/*", (request) =>
    // an e-document key longer than the router matches a parameter (100 characters) is still just an unknown key:
    // it answers as the e-document call answers one (issue 17: unknown and malformed keys alike)
    new URL(request.url, "http://localhost").pathname.startsWith("/api/edocuments/") &&
    request.method === "GET"
      ? Effect.succeed(
          HttpServerResponse.jsonUnsafe(
            {
              _tag: "ReservationNotFound",
              error: "reservationNotFound",
            } satisfies typeof ReservationNotFound.Encoded,
            { status: 404 },
          ),
        )
      : Effect.succeed(
          HttpServerResponse.jsonUnsafe(
            {
              type: "about:blank",
              title: "Not Found",
              status: 404,
              detail: `No API endpoint ${request.method} ${request.url}`,
            },
            { status: 404, contentType: "application/problem+json" },
          ),
        ),
  )

  const files = HttpRouter.add("GET", "/*", (request) =>
    Effect.gen(function* () {
      const url = new URL(request.url, "http://localhost")
      // the raw path and query, before the URL parser folds `//` or `\`: what the link says is what is checked
      const external = externalLinkOf(request.url)
      if (external.kind === "external") {
        // an allowed host: on at once; any other: the app's page that names the host (routes/_default/leaving)
        const location = mayRedirect(external, externalHosts)
          ? external.url
          : `/leaving?${new URLSearchParams({ to: external.url })}`
        return HttpServerResponse.empty({
          status: 302,
          headers: { location, "referrer-policy": "no-referrer", "cache-control": "no-store" },
        })
      }
      const file =
        url.pathname === "/" || external.kind !== "none" ? undefined : fileInside(root, url.pathname)
      const deployed =
        deploys && file !== undefined && url.pathname === "/sw.js"
          ? deployedWorker(request.cookies, readFileSync(file, "utf8"))
          : undefined
      if (deployed !== undefined)
        return HttpServerResponse.text(deployed, {
          contentType: "text/javascript",
          headers: { ...FILE_HEADERS, "cache-control": "no-cache" },
        })
      if (file !== undefined) {
        // the shell's own file (the service worker precaches `/index.html` and serves it for every page offline)
        // carries the shell's policy, or the pages it opens would run under a policy meant for data
        const page = url.pathname === "/index.html" ? shell() : undefined
        // the seat map's painting worker alone may `eval` (regl): its answer's policy is the worker's own
        const painter = SEAT_MAP_WORKER_PATH.test(url.pathname)
        return yield* HttpServerResponse.file(file, {
          headers: {
            ...(page !== undefined
              ? shellHeaders(page.policy, url.pathname)
              : painter
                ? { ...FILE_HEADERS, "content-security-policy": SEAT_MAP_WORKER_POLICY }
                : FILE_HEADERS),
            "cache-control": cacheControlFor(url.pathname),
          },
        })
      }
      // a file the build does not have (a name with an extension, `/robots.txt` before it was shipped) is no page:
      // the app's HTML under its name would be read as that file by whoever asked (crawlers, link checkers)
      if (/\.[a-z0-9]{1,8}$/i.test(url.pathname) && external.kind === "none")
        return HttpServerResponse.text("Not found", {
          status: 404,
          headers: { ...FILE_HEADERS, "cache-control": "no-cache" },
        })
      const page = shell()
      if (page === undefined) {
        return HttpServerResponse.text("The web app is not built yet: run npm start (or npm run build).", {
          status: 503,
        })
      }
      const answer = shellAnswer(
        page.html,
        { pathname: url.pathname, lang: url.searchParams.get("lang") },
        locales,
      )
      return HttpServerResponse.text(answer.html, {
        status: answer.status,
        contentType: "text/html; charset=utf-8",
        headers: { ...shellHeaders(page.policy, url.pathname), "cache-control": "no-cache" },
      })
    }).pipe(Effect.orDie),
  )

  return Layer.mergeAll(apiNotFound, files)
}
