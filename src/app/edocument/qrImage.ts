import { renderSVG } from "uqr"

/**
 * A QR code as an SVG data URL, drawn in the browser by `uqr` (no network, nothing fetched): a saved e-ticket
 * draws its codes in airplane mode. Error correction M (15%): a pass is ~200 characters (a version 10 code),
 * still one a door scanner reads off a scratched phone screen at arm's length; the two-module border keeps the
 * quiet zone on the white card.
 */
export const qrImage = (text: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text, { ecc: "M", border: 2, pixelSize: 8 }))}`
