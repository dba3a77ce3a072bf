/**
 * Writes the staff app's icons (public/icons/staff-*.png; run: `node scripts/generate-staff-icons.ts`): a dark
 * square with the brand's gold and red as three rising attendance bars, so the installed staff app is never
 * mistaken for the buyers' one. Full bleed with the bars inside the central 80%, so one image serves as maskable.
 * PNG encoding uses only node:zlib, like scripts/generate-icons.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { crc32, deflateSync } from "node:zlib"

type Rgb = readonly [number, number, number]

const GOLD: Rgb = [245, 185, 66]
const RED: Rgb = [227, 71, 107]
const DARK: Rgb = [20, 22, 30]

/** bars as [left, right, top] in unit coordinates; all stand on y = 0.74 */
const BARS: ReadonlyArray<readonly [number, number, number, Rgb]> = [
  [0.22, 0.36, 0.52, GOLD],
  [0.43, 0.57, 0.38, GOLD],
  [0.64, 0.78, 0.26, RED],
]

const shade = (x: number, y: number): Rgb => {
  for (const [left, right, top, colour] of BARS)
    if (x >= left && x <= right && y >= top && y <= 0.74) return colour
  if (y >= 0.77 && y <= 0.8 && x >= 0.2 && x <= 0.8) return GOLD
  return DARK
}

const render = (size: number): Uint8Array => {
  const samples = 4
  const rowBytes = size * 3 + 1
  const raw = new Uint8Array(rowBytes * size)
  for (let py = 0; py < size; py++) {
    raw[py * rowBytes] = 0
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0]
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const c = shade((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size)
          for (let k = 0; k < 3; k++) sum[k] = (sum[k] ?? 0) + (c[k] ?? 0)
        }
      for (let k = 0; k < 3; k++)
        raw[py * rowBytes + 1 + px * 3 + k] = Math.round((sum[k] ?? 0) / samples ** 2)
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

const png = (size: number): Buffer => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8
  header[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(render(size), { level: 9 })),
    chunk("IEND", new Uint8Array(0)),
  ])
}

const out = new URL("../public/icons/", import.meta.url)
mkdirSync(out, { recursive: true })
writeFileSync(new URL("staff-192.png", out), png(192))
writeFileSync(new URL("staff-512.png", out), png(512))
