import { escapeXml } from "../../features/posterSvg.ts"

/**
 * The demo products' pictures (issue 19: soda, water and beer used to share one drawing per category), written
 * once by hand and stored as each product's image at seed time: a popcorn tub in three sizes, a cup of cola, a
 * bottle of water, a mug of beer, nachos, a hot dog, two combos, 3D glasses, chocolate, ice cream and a platter.
 * 100×100, a tinted tile and a few shapes; presentation attributes only, like the posters (posterArt.ts).
 */

/** A striped popcorn tub, `s` its size (1 the largest), heaped with kernels. */
const tub = (s: number): string => {
  const top = 100 - 14 - 62 * s
  const half = 22 * s
  const kernels = [-0.8, -0.4, 0, 0.4, 0.8, -0.6, -0.2, 0.2, 0.6]
    .slice(0, s > 0.9 ? 9 : s > 0.7 ? 7 : 5)
    .map(
      (dx, i) =>
        `<circle cx="${50 + dx * half}" cy="${(top - (i < 5 ? 2 : 9 * s)).toFixed(1)}" r="${(7.5 * s).toFixed(1)}" fill="${i % 2 === 0 ? "#fff8e1" : "#ffe8a3"}" stroke="#e9c46a" stroke-width="0.8"/>`,
    )
    .join("")
  const x0 = 50 - half
  const x1 = 50 + half
  return (
    kernels +
    `<path d="M${x0} ${top.toFixed(1)}H${x1}L${(x1 - 5 * s).toFixed(1)} 86H${(x0 + 5 * s).toFixed(1)}z" fill="#e63946"/>` +
    `<path d="M${(50 - half / 3).toFixed(1)} ${top.toFixed(1)}H${(50 + half / 3).toFixed(1)}L${(50 + half / 3 - 1.6 * s).toFixed(1)} 86H${(50 - half / 3 + 1.6 * s).toFixed(1)}z" fill="#fff"/>` +
    `<rect x="${(x0 - 2).toFixed(1)}" y="${(top - 1).toFixed(1)}" width="${(2 * half + 4).toFixed(1)}" height="5" rx="2" fill="#c1121f"/>`
  )
}

const ART: Readonly<Record<number, { readonly tile: string; readonly shapes: string }>> = {
  1: { tile: "#fde7c8", shapes: tub(0.6) },
  2: { tile: "#fde2c0", shapes: tub(0.8) },
  3: { tile: "#fcd9b0", shapes: tub(1) },
  // a cola cup: lid, straw, a wave on the label
  4: {
    tile: "#ffe0e0",
    shapes:
      '<path d="M58 24l10-16" stroke="#ffd60a" stroke-width="4" stroke-linecap="round"/>' +
      '<path d="M30 30h40l-5 58H35z" fill="#d62828"/><rect x="27" y="24" width="46" height="8" rx="3" fill="#f8f9fa"/>' +
      '<path d="M33 56q9-8 17 0t17 0" stroke="#fff" stroke-width="4" fill="none"/>' +
      '<circle cx="42" cy="76" r="2" fill="#fff" fill-opacity="0.6"/><circle cx="56" cy="70" r="1.5" fill="#fff" fill-opacity="0.6"/>',
  },
  // a bottle of water: clear blue, cap, label
  5: {
    tile: "#e0f2fe",
    shapes:
      '<rect x="44" y="10" width="12" height="8" rx="2" fill="#0369a1"/>' +
      '<path d="M44 18h12v6q10 6 10 16v44a6 6 0 0 1-6 6H40a6 6 0 0 1-6-6V40q0-10 10-16z" fill="#7dd3fc" fill-opacity="0.85"/>' +
      '<rect x="34" y="50" width="32" height="18" fill="#0284c7"/><path d="M40 59q5-4 10 0t10 0" stroke="#e0f2fe" stroke-width="2" fill="none"/>' +
      '<rect x="38" y="28" width="3" height="16" rx="1.5" fill="#fff" fill-opacity="0.7"/>',
  },
  // a mug of draught beer, foaming over
  6: {
    tile: "#fef3c7",
    shapes:
      '<path d="M66 38h8a8 8 0 0 1 8 8v16a8 8 0 0 1-8 8h-8v-6h7a3 3 0 0 0 3-3V47a3 3 0 0 0-3-3h-7z" fill="#d6d3d1"/>' +
      '<rect x="26" y="32" width="42" height="56" rx="5" fill="#f59e0b"/>' +
      '<path d="M33 40v40M43 40v40M53 40v40M61 40v40" stroke="#fbbf24" stroke-width="3"/>' +
      '<circle cx="32" cy="30" r="8" fill="#fff"/><circle cx="44" cy="26" r="9" fill="#fff"/><circle cx="57" cy="28" r="9" fill="#fff"/><circle cx="65" cy="32" r="6" fill="#fff"/><path d="M28 32v10a4 4 0 0 0 8 0v-8z" fill="#fff"/>',
  },
  // nachos on a tray with a pot of cheese
  7: {
    tile: "#fff1c9",
    shapes:
      '<path d="M12 74h76l-6 12H18z" fill="#1d3557"/>' +
      '<path d="M18 74l10-30 14 30z" fill="#f2b233"/><path d="M34 74l14-34 12 34z" fill="#e9a21b"/><path d="M50 74l10-26 10 26z" fill="#f2b233"/>' +
      '<circle cx="30" cy="62" r="2" fill="#c4581b"/><circle cx="48" cy="58" r="2" fill="#c4581b"/>' +
      '<path d="M64 60h20v14H64z" fill="#e76f51"/><ellipse cx="74" cy="60" rx="10" ry="4" fill="#ffd166"/><path d="M68 60q-2 6 2 8" stroke="#ffd166" stroke-width="3" fill="none"/>',
  },
  // a hot dog with a line of mustard
  8: {
    tile: "#ffe5d9",
    shapes:
      '<rect x="12" y="42" width="76" height="16" rx="8" fill="#b5462f"/>' +
      '<path d="M14 50q0 18 18 18h36q18 0 18-18z" fill="#e9c46a"/><path d="M14 50q0-12 18-12h36q18 0 18 12z" fill="#f4d58d"/>' +
      '<rect x="10" y="44" width="80" height="12" rx="6" fill="#c0392b"/>' +
      '<path d="M18 50q4-5 8 0t8 0t8 0t8 0t8 0t8 0t8 0t8 0" stroke="#ffd60a" stroke-width="2.5" fill="none" stroke-linecap="round"/>',
  },
  // two cups and a tub: for two
  9: {
    tile: "#e9e1fb",
    shapes:
      '<path d="M10 36h22l-3 50H13z" fill="#d62828"/><rect x="8" y="31" width="26" height="6" rx="2" fill="#f8f9fa"/>' +
      '<path d="M68 36h22l-3 50H71z" fill="#2f7fd1"/><rect x="66" y="31" width="26" height="6" rx="2" fill="#f8f9fa"/>' +
      '<circle cx="42" cy="36" r="7" fill="#fff8e1"/><circle cx="50" cy="31" r="8" fill="#ffe8a3"/><circle cx="58" cy="36" r="7" fill="#fff8e1"/>' +
      '<path d="M34 38h32l-4 50H38z" fill="#e63946"/><path d="M45 38h10l-1 50h-8z" fill="#fff"/>',
  },
  // a small tub, a juice box with a straw, a star
  10: {
    tile: "#dcfce7",
    shapes:
      '<circle cx="26" cy="44" r="6" fill="#fff8e1"/><circle cx="36" cy="42" r="6" fill="#ffe8a3"/>' +
      '<path d="M18 46h26l-4 38H22z" fill="#e63946"/><path d="M28 46h6l-1 38h-4z" fill="#fff"/>' +
      '<rect x="54" y="44" width="26" height="40" rx="3" fill="#22c55e"/><path d="M72 44l4-16" stroke="#f472b6" stroke-width="3" stroke-linecap="round"/>' +
      '<circle cx="67" cy="64" r="8" fill="#fde047"/>' +
      '<path d="M50 10l3 7 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z" fill="#facc15"/>',
  },
  // red and cyan 3D glasses
  11: {
    tile: "#e3e6ea",
    shapes:
      '<path d="M8 42l6-12M92 42l-6-12" stroke="#222" stroke-width="3" stroke-linecap="round"/>' +
      '<rect x="8" y="40" width="84" height="26" rx="8" fill="#222"/>' +
      '<rect x="14" y="45" width="30" height="16" rx="5" fill="#e63946"/><rect x="56" y="45" width="30" height="16" rx="5" fill="#00b4d8"/>' +
      '<rect x="17" y="47" width="8" height="3" rx="1.5" fill="#fff" fill-opacity="0.6"/><rect x="59" y="47" width="8" height="3" rx="1.5" fill="#fff" fill-opacity="0.6"/>',
  },
  // a chocolate bar, its wrapper torn back to the foil
  12: {
    tile: "#fbe0ea",
    shapes:
      '<rect x="24" y="14" width="52" height="74" rx="3" fill="#6b3a22"/>' +
      '<path d="M24 38h52M24 62h52M50 14v74" stroke="#4a2614" stroke-width="3"/>' +
      '<path d="M22 48h56v42H22z" fill="#7b2cbf"/><path d="M22 48l6 4 6-4 6 4 6-4 6 4 6-4 6 4 6-4 6 4v-6H22z" fill="#d9d9d9"/>' +
      '<rect x="30" y="62" width="40" height="12" rx="6" fill="#ffd166"/>',
  },
  // an ice cream cone, two scoops and a cherry
  13: {
    tile: "#fdf2f8",
    shapes:
      '<path d="M32 50h36L50 92z" fill="#e9a85a"/><path d="M38 56l20 20M50 52l12 12M46 64l-8 8M60 54l-18 18" stroke="#bf6b3a" stroke-width="2"/>' +
      '<circle cx="40" cy="46" r="13" fill="#f9a8d4"/><circle cx="60" cy="46" r="13" fill="#fef3c7"/><circle cx="50" cy="32" r="13" fill="#a0522d"/>' +
      '<circle cx="52" cy="18" r="4" fill="#dc2626"/><path d="M52 14q2-6 7-7" stroke="#166534" stroke-width="1.5" fill="none"/>',
  },
  // a platter brought to the seat: cloche, two glasses
  14: {
    tile: "#1f2937",
    shapes:
      '<ellipse cx="50" cy="76" rx="40" ry="8" fill="#d4af37"/>' +
      '<path d="M20 74a30 30 0 0 1 60 0z" fill="#e5e7eb"/><circle cx="50" cy="42" r="4" fill="#d4af37"/>' +
      '<path d="M30 66a22 22 0 0 1 10-16" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>' +
      '<path d="M10 20h10l-2 12a3 3 0 0 1-6 0zM15 35v10M11 45h8M80 20h10l-2 12a3 3 0 0 1-6 0zM85 35v10M81 45h8" stroke="#d4af37" stroke-width="1.5" fill="#fde68a" fill-opacity="0.6"/>' +
      '<text x="50" y="96" font-family="Arial, sans-serif" font-size="10" font-weight="700" fill="#d4af37" text-anchor="middle" letter-spacing="3">VIP</text>',
  },
}

/** The ids of the products that have a picture of their own. */
export const PRODUCTS_WITH_ART: ReadonlyArray<number> = Object.keys(ART).map(Number)

/** A demo product's picture as SVG text, titled with its English name; undefined when it has none. */
export const productArtSvg = (productId: number, name: string): string | undefined => {
  const art = ART[productId]
  if (art === undefined) return undefined
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" role="img">` +
    `<title>${escapeXml(name)}</title><rect width="100" height="100" rx="12" fill="${art.tile}"/>${art.shapes}</svg>`
  )
}
