import createDOMPurify, { type Config, type WindowLike } from "dompurify"

/**
 * The one piece of HTML from data the app renders: a presentation's or venue's `imageMapHtml` (spec §3), a hall
 * picture with clickable areas, written by the chain's back office and served as it was stored. It goes into the
 * page only through DOMPurify (docs/security.md, "Stored XSS"), which parses it the way the browser will and
 * keeps only this allowlist:
 *
 * - elements `map`, `area` and `img`; everything else is dropped (its text stays, as text), `script`, `style`,
 *   `svg`, `math`, `noscript`, `form`, `base` and the like with their content;
 * - attributes: `shape`, `coords`, `href`, `alt` and `title` on areas; `src`, `alt`, `title`, `width`, `height`
 *   and `usemap` (a `#name` reference only) on images; `name` on maps only (an image's `name` would clobber a
 *   `document` property) and no `id` anywhere (an id becomes a `window` property). No event handler, no `style`,
 *   no `target` (a link leaves no window open for the other site to steer), no `data-` or `aria-` attribute;
 * - links (`href`) only to http(s) or a relative address; `javascript:`, `data:` and every other scheme are removed;
 * - `data:` only as an image's `src`, and only a raster or SVG image type: an image is drawn, never run (an SVG
 *   inside `<img>` runs no script), and the back office may embed the hall picture in the map itself.
 */
const CONFIG = {
  ALLOWED_TAGS: ["map", "area", "img"],
  ALLOWED_ATTR: ["name", "shape", "coords", "href", "alt", "title", "src", "width", "height", "usemap"],
  ALLOWED_URI_REGEXP: /^(?:https?:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
} satisfies Config

const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/i

/** Which attribute an element may keep beyond the allowlist's own checks (names lower-case). */
const keeps = (element: string, attribute: string, value: string): boolean => {
  switch (attribute) {
    case "name":
      return element === "map"
    case "usemap":
      return element === "img" && /^#[\w-]+$/.test(value)
    case "src":
      return element === "img" && (!/^\s*data:/i.test(value) || DATA_IMAGE.test(value.trim()))
    case "href":
    case "shape":
    case "coords":
      return element === "area"
    case "width":
    case "height":
      return element === "img"
    default:
      return true
  }
}

/** A sanitizer of image maps for `window` (the page's own, or a test's DOM): HTML in, safe HTML out. */
export const imageMapSanitizer = (window: WindowLike): ((html: string) => string) => {
  // an instance of its own, so this hook and config never touch another caller of DOMPurify
  const purify = createDOMPurify(window)
  purify.addHook("uponSanitizeAttribute", (element, event) => {
    if (!keeps(element.nodeName.toLowerCase(), event.attrName, event.attrValue)) event.keepAttr = false
  })
  return (html) => purify.sanitize(html, CONFIG)
}

let pageSanitizer: ((html: string) => string) | undefined

/** Sanitizes an image map for this page's document. */
export const sanitizeImageMap = (html: string): string => {
  pageSanitizer ??= imageMapSanitizer(window)
  return pageSanitizer(html)
}
