/**
 * The poster of a feature that has no image of its own: an SVG drawn from its id and title. The same input
 * always gives the same bytes (no clock, no randomness), so the answer can be cached for a long time. It uses
 * presentation attributes only, no `style` and no script, so no Content-Security-Policy has anything to refuse.
 * 2:3 like a film poster, the size the what's-on list reserves for it.
 */

export const POSTER_WIDTH = 200
export const POSTER_HEIGHT = 300

/** Dark backgrounds white text reads on (contrast ≥ 4.5:1 each), chosen by the feature's id. */
const palettes: ReadonlyArray<readonly [string, string]> = [
  ["#1d3557", "#457b9d"],
  ["#3c1642", "#7b2d6e"],
  ["#0b3d2e", "#1f7a5a"],
  ["#5a1e12", "#a23b22"],
  ["#22223b", "#4a4e69"],
  ["#3d2c00", "#8a6200"],
]

/** Text made safe inside an SVG's elements and attribute values. */
export const escapeXml = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  )

/** The title in lines of at most `width` characters, at most four lines (the last one cut with an ellipsis). */
export const titleLines = (title: string, width = 14): ReadonlyArray<string> => {
  const lines: Array<string> = []
  for (const word of title.trim().split(/\s+/)) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + 1 + word.length <= width)
      lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word.length > width ? `${word.slice(0, width - 1)}…` : word)
  }
  if (lines.length <= 4) return lines
  return [...lines.slice(0, 3), `${lines[3]!.slice(0, width - 1)}…`]
}

export const posterSvg = (featureId: number, title: string, rtl: boolean): string => {
  const [from, to] = palettes[featureId % palettes.length]!
  const lines = titleLines(title)
  const top = POSTER_HEIGHT / 2 - ((lines.length - 1) * 26) / 2
  const text = lines
    .map((line, index) => `<tspan x="100" y="${top + index * 26}">${escapeXml(line)}</tspan>`)
    .join("")
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${POSTER_WIDTH} ${POSTER_HEIGHT}" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" fill="url(#g)"/>` +
    `<circle cx="100" cy="62" r="26" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4"/>` +
    `<path d="M92 50v24l20-12z" fill="#ffffff" fill-opacity="0.7"/>` +
    `<text fill="#ffffff" font-family="system-ui, sans-serif" font-size="22" font-weight="700" text-anchor="middle"${rtl ? ' direction="rtl"' : ""}>${text}</text>` +
    `<rect x="16" y="262" width="168" height="3" fill="#ffffff" fill-opacity="0.4"/></svg>`
  )
}
