/**
 * Spec §2: "a path beginning with /http sends the browser to the external address after the leading slash". Read
 * literally that is an open redirect: `/https://evil.example` on our domain, in a phishing message, looks like us.
 * So the address is parsed as the browser will parse it, and the server redirects only to a host on the
 * configured allowlist (`EXTERNAL_LINK_HOSTS`); any other address is sent to the app's interstitial
 * (`/leaving?to=…`), which names its host and lets the reader choose, and one that cannot be read safely is not a
 * link at all (404).
 *
 * Written once here: the server decides the redirect, the app names the host on the interstitial.
 */

export type ExternalLink =
  /** not a `/http…` path: the app's own page (or its 404) */
  | { readonly kind: "none" }
  /** a `/http…` path that is no address we would send anyone to: a 404 */
  | { readonly kind: "invalid" }
  /**
   * an address: `url` as the browser would read it, `host` its host name (lower case, punycode); `plain` when it
   * has no user name, password or port (`https://good@evil` opens `evil`: never sent on, whatever the list says)
   */
  | { readonly kind: "external"; readonly url: string; readonly host: string; readonly plain: boolean }

const NONE: ExternalLink = { kind: "none" }
const INVALID: ExternalLink = { kind: "invalid" }

/**
 * The link in a request's path and query (as the server receives them, `/https://host/path?q`). Refused: anything
 * that does not decode, control characters, whitespace and backslashes anywhere (browsers drop tabs and newlines
 * and read `\` as `/`, so the host a check reads and the host a browser opens could differ), and a scheme other
 * than http(s) followed by `//`.
 */
export const externalLinkOf = (pathAndQuery: string): ExternalLink => {
  if (!/^\/http/i.test(pathAndQuery)) return NONE
  let address: string
  try {
    address = decodeURIComponent(pathAndQuery.slice(1))
  } catch {
    return INVALID
  }
  return externalAddress(address)
}

/** An address already decoded (the interstitial's `to`), under the same rules as {@link externalLinkOf}. */
export const externalAddress = (address: string): ExternalLink => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(address) || address.length > 2048) return INVALID
  if (!/^https?:\/\/[^/?#]/i.test(address)) return INVALID
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return INVALID
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return INVALID
  const plain = url.username === "" && url.password === "" && url.port === ""
  return { kind: "external", url: url.href, host: url.hostname, plain }
}

/** Hosts an allowlist names exactly (lower case; `www.example.com` does not allow `example.com` nor the reverse). */
export const parseHostList = (text: string): ReadonlySet<string> =>
  new Set(
    text
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ""),
  )

/** Whether the server may send the browser straight on: an exact host of the allowlist, never a suffix match. */
export const mayRedirect = (link: ExternalLink, allowed: ReadonlySet<string>): boolean =>
  link.kind === "external" && link.plain && allowed.has(link.host)
