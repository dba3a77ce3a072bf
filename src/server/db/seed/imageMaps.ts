/**
 * Image maps (spec §3 `imageMapHtml`) the seed stores. Pure data: the Playwright journeys import it to know what
 * the page must show. The demo's is a real one; the hostile one is what the XSS journey (e2e/xss.spec.ts) stores
 * on its own presentation to prove the app renders such HTML only through its sanitizer (src/app/lib/imageMap.ts).
 */

/** Marquee XL (Ramat Gan): the three blocks of its stalls, each a clickable area. */
export const DEMO_IMAGE_MAP_VENUE_ID = 11731

const HALL_PICTURE = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240" viewBox="0 0 600 240">`,
  `<rect width="600" height="240" fill="#14141c"/>`,
  `<path d="M90 30 Q300 0 510 30" stroke="#e8e8f0" stroke-width="6" fill="none"/>`,
  `<rect x="40" y="70" width="150" height="140" rx="10" fill="#3d5a98"/>`,
  `<rect x="210" y="70" width="180" height="140" rx="10" fill="#b8860b"/>`,
  `<rect x="410" y="70" width="150" height="140" rx="10" fill="#3d5a98"/>`,
  `</svg>`,
].join("")

export const DEMO_IMAGE_MAP =
  `<img src="data:image/svg+xml,${encodeURIComponent(HALL_PICTURE)}" alt="Marquee XL" width="600" height="240" ` +
  `usemap="#marquee-xl"><map name="marquee-xl">` +
  `<area shape="rect" coords="40,70,190,210" href="#seats" alt="Left" title="Left">` +
  `<area shape="rect" coords="210,70,390,210" href="#seats" alt="Centre" title="Centre">` +
  `<area shape="rect" coords="410,70,560,210" href="#seats" alt="Right" title="Right"></map>`

/**
 * Every payload the XSS journey tries, each setting `window.__xss` if it ever runs: event handlers, an SVG's script
 * and onload, `javascript:` and `data:` links, a `<base>` and a `<form>` that would take over links and posts, and
 * mutation XSS (markup that parses harmlessly once and dangerously when serialised and parsed again).
 */
export const XSS_PAYLOADS = [
  `<img src=x onerror="window.__xss='img onerror'">`,
  `<svg onload="window.__xss='svg onload'"><script>window.__xss='svg script'</script></svg>`,
  `<a href="javascript:window.__xss='javascript href'">javascript link</a>`,
  `<a href="data:text/html,<script>parent.__xss='data href'</script>">data link</a>`,
  `<base href="https://evil.example/">`,
  `<form action="https://evil.example/"><button formaction="javascript:window.__xss='form'">send</button></form>`,
  `<noscript><p title="</noscript><img src=x onerror=window.__xss='mxss noscript'>">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss='mxss math'">`,
] as const

/** The hostile map: a real map (kept) with every payload mixed in, and links the sanitizer must strip. */
export const HOSTILE_IMAGE_MAP =
  `<map name="hostile"><area shape="rect" coords="0,0,10,10" href="javascript:window.__xss='area'" alt="Trap">` +
  `<area shape="rect" coords="10,0,20,10" href="data:text/html,<script>parent.__xss='area data'</script>" ` +
  `alt="Data trap" onmouseover="window.__xss='area handler'"></map>` +
  `<img src="/none.png" alt="Hostile hall" usemap="#hostile" onload="window.__xss='img onload'">` +
  XSS_PAYLOADS.join("")
