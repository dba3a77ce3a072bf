import { encode } from "uqr"
import { knownQrModules, rememberQrModules } from "../wallet/qrMemory.ts"

/**
 * A QR code as an SVG data URL, drawn in the browser by `uqr` (no network, nothing fetched): a saved e-ticket
 * draws its codes in airplane mode. Error correction M (15%): a pass is ~200 characters (a version 10 code),
 * still one a door scanner reads off a scratched phone screen at arm's length; the two-module border keeps the
 * quiet zone on the white card.
 */
export const qrImage = (text: string): string => svgDataUrl(qrModules(text))

const PIXEL_SIZE = 8

/** The code's modules (src/app/wallet/qrMemory.ts): remembered, or encoded now and remembered. */
export const qrModules = (text: string): string => {
  const known = knownQrModules(text)
  if (known !== undefined) return known
  const { data } = encode(text, { ecc: "M", border: 2 })
  const modules = data.map((row) => row.map((dark) => (dark ? "1" : "0")).join("")).join("")
  rememberQrModules(text, modules)
  return modules
}

/** The same SVG as uqr's `renderSVG` (white square, one black path of a square per dark module). */
const svgDataUrl = (modules: string): string => {
  const size = Math.sqrt(modules.length)
  const side = size * PIXEL_SIZE
  const path: Array<string> = []
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (modules[row * size + col] === "1")
        path.push(`M${col * PIXEL_SIZE},${row * PIXEL_SIZE}h${PIXEL_SIZE}v${PIXEL_SIZE}h-${PIXEL_SIZE}z`)
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}">` +
    `<rect fill="white" width="${side}" height="${side}"/><path fill="black" d="${path.join("")}"/></svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
