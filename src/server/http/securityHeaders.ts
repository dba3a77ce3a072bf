import { createHash } from "node:crypto"

/**
 * The headers every page of the app shell carries (issue 14, item 9; docs/security.md). The app is served from
 * one origin and loads nothing from another, so its Content-Security-Policy allows only that origin:
 *
 * - scripts and styles from our own files, plus the shell's own inline `<style>` (the first paint's colours),
 *   allowed by its hash rather than by `'unsafe-inline'`: an injected tag cannot run or restyle the page. No
 *   `eval`/`Function` (`'unsafe-eval'`): regl, which needs it, runs only in the seat map's painting worker,
 *   whose own script answer alone allows it (`SEAT_MAP_WORKER_POLICY`; a dedicated worker runs under the policy
 *   of its script's answer, not the page's);
 * - images also from `data:` (the confirmation's QR code is an SVG data URL) and `blob:`;
 * - no plugins, no `<base>` at all, forms only to us (the sandbox provider's pages are ours), and no
 *   framing at all (`frame-ancestors 'none'`, with `X-Frame-Options` for browsers that predate it), so the
 *   pay and seat pages cannot be laid under another site's clicks.
 *
 * A page whose URL carries a key (an e-document, an order's confirmation) sends no referrer at all; every other
 * page sends only its origin to other sites. Content types are never sniffed.
 */

const sha256 = (text: string): string =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

/** The CSP hash sources of a document's inline `<tag>…</tag>` blocks (external ones, `src=`, need none). */
export const inlineHashes = (html: string, tag: "style" | "script"): ReadonlyArray<string> =>
  [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, "g"))]
    .filter((match) => !/\ssrc=/.test(match[1] ?? ""))
    .map((match) => sha256(match[2] ?? ""))

export const contentSecurityPolicy = (html: string): string =>
  [
    "default-src 'self'",
    // inline and foreign scripts refused, and no `eval`: regl's `Function` runs in the seat map's worker only
    ["script-src 'self'", ...inlineHashes(html, "script")].join(" "),
    ["style-src 'self'", ...inlineHashes(html, "style")].join(" "),
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'", // the shell has no <base>: none may be added (issue 20)
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ")

/**
 * The policy of a page the server writes whole (the sandbox provider's pages, the sandbox inbox): nothing but its
 * own inline style and script, by hash, images from us or `data:`, forms posted back to us. `framedBy` says who
 * may frame it ('none', or 'self' for a provider page the pay step may show in a frame).
 */
export const ownPagePolicy = (html: string, framedBy: "'none'" | "'self'"): string => {
  const scripts = inlineHashes(html, "script")
  const styles = inlineHashes(html, "style")
  return [
    "default-src 'none'",
    `script-src ${scripts.length === 0 ? "'none'" : scripts.join(" ")}`,
    `style-src ${styles.length === 0 ? "'none'" : styles.join(" ")}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${framedBy}`,
  ].join("; ")
}

/** Pages whose address is a credential (an e-document's key, a confirmation's `?key=`, a sign-in link's token). */
const carriesKey = (pathname: string): boolean =>
  pathname.startsWith("/edocument/") ||
  pathname.startsWith("/order/confirmation/") ||
  (pathname.startsWith("/customer/") && pathname.length > "/customer/".length)

/**
 * The seat map's painting worker (src/app/seatmap/seatMapWorker.ts), as Vite names it (vite.config.ts
 * `worker`): the one script whose answer allows `'unsafe-eval'`, for regl, which compiles the map's draw
 * commands with `Function`. A dedicated worker runs under its own script's policy, so the page keeps its strict
 * one; the worker fetches and loads nothing but our files.
 */
export const SEAT_MAP_WORKER_PATH = /^\/assets\/seatMapWorker-[\w-]+\.js$/

export const SEAT_MAP_WORKER_POLICY =
  "default-src 'self'; script-src 'self' 'unsafe-eval'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

/** What any file we serve carries: never sniffed into another type. */
export const FILE_HEADERS = { "x-content-type-options": "nosniff" } as const

/** The headers of the app shell's answer for `pathname` (the policy is computed once per shell template). */
export const shellHeaders = (policy: string, pathname: string): Record<string, string> => ({
  ...FILE_HEADERS,
  "content-security-policy": policy,
  "x-frame-options": "DENY",
  "referrer-policy": carriesKey(pathname) ? "no-referrer" : "strict-origin-when-cross-origin",
})
