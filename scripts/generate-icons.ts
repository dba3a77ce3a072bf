/**
 * Writes the PWA icons in public/icons/ (run: `node scripts/generate-icons.ts`). Drawn in code so the icons
 * need no image tools: the brand mark (a marquee-gold to cinema-red square with a dark lens and a play
 * triangle), 4× supersampled for smooth edges. PNG encoding uses only node:zlib.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { crc32, deflateSync } from "node:zlib"

type Rgba = readonly [number, number, number, number]

const GOLD: Rgba = [245, 185, 66, 255]
const RED: Rgba = [227, 71, 107, 255]
const DARK: Rgba = [12, 13, 18, 255]
const CLEAR: Rgba = [0, 0, 0, 0]

const mix = (a: Rgba, b: Rgba, t: number): Rgba => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
  a[3] + (b[3] - a[3]) * t,
]

const insideRoundedSquare = (x: number, y: number, inset: number, radius: number): boolean => {
  const lo = inset
  const hi = 1 - inset
  if (x < lo || x > hi || y < lo || y > hi) return false
  const cx = Math.min(Math.max(x, lo + radius), hi - radius)
  const cy = Math.min(Math.max(y, lo + radius), hi - radius)
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2
}

const insideTriangle = (x: number, y: number, size: number): boolean => {
  // A play triangle pointing right, centred optically (shifted right by a sixth of its width).
  const left = 0.5 - size * 0.4
  const right = 0.5 + size * 0.6
  const half = size * 0.58
  if (x < left || x > right) return false
  const t = (x - left) / (right - left)
  return Math.abs(y - 0.5) <= half * (1 - t)
}

/** Colour of the mark at (x, y) in unit coordinates; `maskable` fills the whole square (safe zone 80%). */
const shade = (x: number, y: number, maskable: boolean): Rgba => {
  const gradient = mix(GOLD, RED, (x + y) / 2)
  const scale = maskable ? 0.8 : 1
  const inSquare = maskable || insideRoundedSquare(x, y, 0.04, 0.2)
  if (!inSquare) return CLEAR
  const dx = (x - 0.5) / scale
  const dy = (y - 0.5) / scale
  const r = Math.hypot(dx, dy)
  if (r <= 0.27) {
    return insideTriangle(0.5 + dx, 0.5 + dy, 0.26) ? gradient : DARK
  }
  return gradient
}

const render = (size: number, maskable: boolean): Uint8Array => {
  const samples = 4
  const rowBytes = size * 4 + 1
  const raw = new Uint8Array(rowBytes * size)
  for (let py = 0; py < size; py++) {
    raw[py * rowBytes] = 0 // filter: none
    for (let px = 0; px < size; px++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = shade((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, maskable)
          // Premultiply so transparent samples do not darken the edges.
          r += c[0] * c[3]
          g += c[1] * c[3]
          b += c[2] * c[3]
          a += c[3]
        }
      }
      const offset = py * rowBytes + 1 + px * 4
      raw[offset] = a === 0 ? 0 : Math.round(r / a)
      raw[offset + 1] = a === 0 ? 0 : Math.round(g / a)
      raw[offset + 2] = a === 0 ? 0 : Math.round(b / a)
      raw[offset + 3] = Math.round(a / (samples * samples))
    }
  }
  return raw
}

const chunk = (type: string, data: Uint8Array): Buffer => {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

const png = (size: number, maskable: boolean): Buffer => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(render(size, maskable), { level: 9 })),
    chunk("IEND", new Uint8Array(0)),
  ])
}

const out = new URL("../public/icons/", import.meta.url)
mkdirSync(out, { recursive: true })
writeFileSync(new URL("icon-192.png", out), png(192, false))
writeFileSync(new URL("icon-512.png", out), png(512, false))
writeFileSync(new URL("icon-maskable-512.png", out), png(512, true))
