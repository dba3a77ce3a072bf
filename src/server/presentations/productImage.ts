import { escapeXml } from "../features/posterSvg.ts"

/**
 * Product pictures drawn as SVG, one motif per category: the catalogue has no photographs, and a drawn
 * picture is a few hundred bytes, scales to any screen and needs no storage. The product's name is the
 * picture's accessible title.
 */

const motifs: Readonly<Record<string, { readonly background: string; readonly shapes: string }>> = {
  popcorn: {
    background: "#fde7c8",
    shapes:
      '<path d="M30 40h40l-6 48H36z" fill="#e23b3b"/><path d="M38 40l2 48M50 40v48M62 40l-2 48" stroke="#fff" stroke-width="4"/>' +
      '<circle cx="36" cy="36" r="9" fill="#fff8e1"/><circle cx="50" cy="30" r="10" fill="#fff8e1"/><circle cx="64" cy="36" r="9" fill="#fff8e1"/>',
  },
  drinks: {
    background: "#d8ecfb",
    shapes:
      '<path d="M34 34h32l-4 54H38z" fill="#2f7fd1"/><rect x="32" y="28" width="36" height="8" rx="3" fill="#1c4f86"/>' +
      '<path d="M54 28l8-16" stroke="#1c4f86" stroke-width="4" stroke-linecap="round"/>',
  },
  snacks: {
    background: "#fff1c9",
    shapes:
      '<path d="M20 70L50 22l30 48z" fill="#f2b233"/><circle cx="44" cy="56" r="4" fill="#c4581b"/><circle cx="56" cy="48" r="4" fill="#c4581b"/>',
  },
  combo: {
    background: "#e9e1fb",
    shapes:
      '<path d="M18 44h30l-4 40H22z" fill="#e23b3b"/><circle cx="33" cy="40" r="9" fill="#fff8e1"/>' +
      '<path d="M56 40h26l-3 44H59z" fill="#2f7fd1"/>',
  },
  glasses: {
    background: "#e3e6ea",
    shapes:
      '<rect x="16" y="40" width="28" height="20" rx="6" fill="#d33"/><rect x="56" y="40" width="28" height="20" rx="6" fill="#27c"/>' +
      '<path d="M44 48h12" stroke="#333" stroke-width="4"/>',
  },
  sweets: {
    background: "#fbe0ea",
    shapes:
      '<rect x="26" y="30" width="48" height="40" rx="4" fill="#6b3a22"/><path d="M26 50h48M42 30v40M58 30v40" stroke="#8a5232" stroke-width="3"/>',
  },
}

export const productImageSvg = (category: string, name: string): string => {
  const motif = motifs[category] ?? motifs.combo!
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" role="img">` +
    `<title>${escapeXml(name)}</title><rect width="100" height="100" rx="12" fill="${motif.background}"/>${motif.shapes}</svg>`
  )
}
