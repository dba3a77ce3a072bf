import type { Random } from "./random.ts"

/**
 * The shapes the demo posters are drawn from (posterArt.ts), each a few SVG elements in the poster's 200 × 300
 * space: stars, a skyline, hills, figures, clouds, balloons, a glow. Pure strings, no randomness of their own but
 * the `Random` a caller hands in.
 */

export const W = 200
export const H = 300
/** One decimal is plenty at this size and keeps each poster a few KB. */
export const n = (x: number): number => Math.round(x * 10) / 10

export type Sky = readonly [top: string, middle: string, horizon: string]

// ---- shapes, each a few SVG elements ----

export const stars = (r: Random, count: number, maxY: number): string => {
  let out = ""
  for (let i = 0; i < count; i++)
    out += `<circle cx="${n(r.next() * W)}" cy="${n(r.next() * maxY)}" r="${n(0.4 + r.next() * 0.9)}" fill="#fff" fill-opacity="${n(0.3 + r.next() * 0.6)}"/>`
  return out
}

/** A four-pointed glint. */
export const sparkle = (x: number, y: number, s: number, fill: string): string =>
  `<path d="M${n(x)} ${n(y - s)}Q${n(x)} ${n(y)} ${n(x + s)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y + s)}Q${n(x)} ${n(y)} ${n(x - s)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y - s)}z" fill="${fill}"/>`

/** A skyline across the width standing on `base`, some windows lit. */
export const skyline = (
  r: Random,
  base: number,
  low: number,
  high: number,
  fill: string,
  windows: string,
): string => {
  let d = `M0 ${H}V${base - low}`
  let lit = ""
  for (let x = 0; x < W; ) {
    const width = r.int(10, 26)
    const top = base - r.int(low, high)
    d += `V${top}H${Math.min(W, x + width)}`
    for (let k = 0; k < 3; k++)
      if (r.chance(0.45))
        lit += `<rect x="${x + 3 + r.int(0, Math.max(0, width - 8))}" y="${top + 4 + r.int(0, base - top - 8)}" width="2" height="3" fill="${windows}"/>`
    x += width
  }
  return `<path d="${d}V${H}z" fill="${fill}"/>${lit}`
}

/** Rolling ground from `base`, rising and falling by up to `swell`. */
export const hills = (r: Random, base: number, swell: number, fill: string): string => {
  let d = `M0 ${n(base + (r.next() - 0.5) * swell)}`
  for (let x = 0; x < W; x += 50)
    d += `Q${n(x + 25)} ${n(base - r.next() * swell)} ${x + 50} ${n(base + (r.next() - 0.5) * swell)}`
  return `<path d="${d}V${H}H0z" fill="${fill}"/>`
}

/** A standing figure, `h` tall, feet on `base`. */
export const figure = (x: number, base: number, h: number, fill: string): string => {
  const p = (dx: number, dy: number) => `${n(x + dx * h)} ${n(base - dy * h)}`
  return (
    `<circle cx="${n(x)}" cy="${n(base - 0.88 * h)}" r="${n(0.075 * h)}" fill="${fill}"/>` +
    `<path d="M${p(-0.11, 0.77)}Q${p(0, 0.82)} ${p(0.11, 0.77)}L${p(0.14, 0.36)}L${p(0.07, 0.35)}L${p(0.055, 0)}L${p(0.01, 0)}L${p(0, 0.3)}L${p(-0.01, 0)}L${p(-0.055, 0)}L${p(-0.07, 0.35)}L${p(-0.14, 0.36)}z" fill="${fill}"/>`
  )
}

export const heart = (x: number, y: number, s: number, fill: string, opacity: number): string =>
  `<path d="M${n(x)} ${n(y + 0.9 * s)}C${n(x - 1.6 * s)} ${n(y - 0.2 * s)} ${n(x - 0.9 * s)} ${n(y - 1.4 * s)} ${n(x)} ${n(y - 0.6 * s)}C${n(x + 0.9 * s)} ${n(y - 1.4 * s)} ${n(x + 1.6 * s)} ${n(y - 0.2 * s)} ${n(x)} ${n(y + 0.9 * s)}z" fill="${fill}" fill-opacity="${opacity}"/>`

export const cloud = (x: number, y: number, s: number): string =>
  `<g fill="#fff" fill-opacity="0.9"><circle cx="${n(x)}" cy="${n(y)}" r="${n(9 * s)}"/><circle cx="${n(x + 11 * s)}" cy="${n(y - 5 * s)}" r="${n(11 * s)}"/><circle cx="${n(x + 23 * s)}" cy="${n(y)}" r="${n(8 * s)}"/><rect x="${n(x)}" y="${n(y)}" width="${n(23 * s)}" height="${n(8 * s)}"/></g>`

export const balloon = (x: number, y: number, s: number, fill: string): string =>
  `<path d="M${n(x)} ${n(y + 14 * s)}q${n(-4 * s)} ${n(14 * s)} ${n(2 * s)} ${n(30 * s)}" stroke="#fff" stroke-opacity="0.7" fill="none"/>` +
  `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(11 * s)}" ry="${n(14 * s)}" fill="${fill}"/>` +
  `<ellipse cx="${n(x - 4 * s)}" cy="${n(y - 5 * s)}" rx="${n(2.5 * s)}" ry="${n(4 * s)}" fill="#fff" fill-opacity="0.45"/>`

/** A glow behind a light: a radial gradient of its colour fading out. */
export const glow = (id: string, x: number, y: number, radius: number, colour: string): string =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="0.75"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>` +
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="url(#${id})"/>`
