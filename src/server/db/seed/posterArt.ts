import { escapeXml, titleLines } from "../../features/posterSvg.ts"
import { CATEGORY } from "./featureCategories.ts"
import type { Text } from "./localText.ts"
import {
  balloon,
  cloud,
  figure,
  glow,
  H,
  heart,
  hills,
  n,
  type Sky,
  skyline,
  sparkle,
  stars,
  W,
} from "./posterShapes.ts"
import { makeRandom, type Random } from "./random.ts"

/**
 * The demo films' posters (issue 19), drawn once at seed time and stored as each feature's image: a scene in the
 * film's genre (a sea at dusk for a drama, an explosion over a skyline for action, dunes for a documentary …),
 * the Hebrew title set large and right to left, the original title under it, the rating, 3D and the year, and a
 * billing block of invented credits. Nothing in it is random but the seed's own PRNG (random.ts), seeded from
 * the feature's id and English title, so the same film always gets the same bytes whatever the seed's options.
 * Presentation attributes only (no `style`, no script, no link out), like the placeholder (features/posterSvg.ts).
 */

export interface PosterFacts {
  readonly id: number
  readonly name: Text
  readonly category_id: number
  /** ISO date; its year is printed */
  readonly release_date: string
  /** "all" or the minimum age */
  readonly age_rating: string
  readonly is_3d: boolean
}

/** the title's column: the poster less a margin each side */
const COLUMN = 172

// ---- one scene per genre ----

interface Genre {
  readonly skies: ReadonlyArray<Sky>
  /** the title's accent: the rule under it, the 3D tag */
  readonly accent: string
  readonly scene: (r: Random, sky: Sky) => string
}

const drama: Genre = {
  skies: [
    ["#0b1d3a", "#3a4f7a", "#e0876a"],
    ["#10263b", "#2f6f8f", "#f2b880"],
    ["#1b1b2f", "#6b3e75", "#f4a259"],
  ],
  accent: "#f2b880",
  scene: (r, sky) => {
    const sunX = 50 + r.next() * 100
    const horizon = 140 + r.int(0, 35)
    const sun = r.int(16, 26)
    let sea = ""
    for (let i = 0; i < 7; i++) {
      const y = horizon + 6 + i * 7
      sea += `<rect x="${n(sunX - 30 + r.next() * 20 - i * 3)}" y="${y}" width="${n(20 + i * 6)}" height="1.4" fill="${sky[2]}" fill-opacity="${n(0.7 - i * 0.08)}"/>`
    }
    return (
      glow("sun", sunX, horizon - 6, 70, sky[2]) +
      `<circle cx="${n(sunX)}" cy="${horizon - 6}" r="${sun}" fill="${sky[2]}"/>` +
      stars(r, 14, 90) +
      `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="#0a1628"/>${sea}` +
      figure(sunX + (r.chance(0.5) ? 1 : -1) * r.int(30, 60), horizon + 2, r.int(34, 58), "#050b16")
    )
  },
}

const comedy: Genre = {
  skies: [
    ["#ff9f1c", "#ffbf69", "#ffe8a3"],
    ["#f15bb5", "#fb8b24", "#fee440"],
  ],
  accent: "#fee440",
  scene: (r) => {
    let rays = ""
    for (let i = 0; i < 16; i += 2) {
      const a = (i / 16) * Math.PI * 2
      const b = ((i + 1) / 16) * Math.PI * 2
      rays += `<path d="M100 120L${n(100 + 260 * Math.cos(a))} ${n(120 + 260 * Math.sin(a))}L${n(100 + 260 * Math.cos(b))} ${n(120 + 260 * Math.sin(b))}z" fill="#fff" fill-opacity="0.18"/>`
    }
    const colours = ["#ef476f", "#06d6a0", "#118ab2", "#ffd166", "#7b2cbf", "#fff"]
    let confetti = ""
    for (let i = 0; i < 34; i++) {
      const x = n(r.next() * W)
      const y = n(r.next() * 190)
      confetti += `<rect x="${x}" y="${y}" width="${r.int(3, 6)}" height="${r.int(6, 10)}" fill="${r.pick(colours)}" transform="rotate(${r.int(0, 179)} ${x} ${y})"/>`
    }
    // two figures, one a head taller, leaning apart
    return (
      rays +
      confetti +
      `<circle cx="100" cy="118" r="34" fill="#fff" fill-opacity="0.35"/>` +
      figure(r.int(70, 86), 196, r.int(60, 74), "#3d1a00") +
      figure(r.int(116, 130), 196, r.int(48, 60), "#3d1a00")
    )
  },
}

const animation: Genre = {
  skies: [
    ["#2b1055", "#7597de", "#c9a7eb"],
    ["#3a0ca3", "#7209b7", "#f72585"],
  ],
  accent: "#ffd6ff",
  scene: (r) => {
    const planetX = 60 + r.next() * 80
    let glints = ""
    for (let i = 0; i < 6; i++) glints += sparkle(r.next() * W, 12 + r.next() * 120, 3 + r.next() * 4, "#fff")
    return (
      stars(r, 30, 160) +
      glints +
      `<circle cx="${n(planetX)}" cy="92" r="36" fill="#ffb4a2"/><circle cx="${n(planetX - 10)}" cy="82" r="8" fill="#e5989b" fill-opacity="0.7"/><circle cx="${n(planetX + 14)}" cy="102" r="5" fill="#e5989b" fill-opacity="0.7"/>` +
      `<ellipse cx="${n(planetX)}" cy="94" rx="58" ry="10" fill="none" stroke="#ffe5ec" stroke-width="4" transform="rotate(-14 ${n(planetX)} 94)"/>` +
      `<circle cx="${n(W - planetX)}" cy="38" r="9" fill="#fff1e6"/>` +
      hills(r, 188, 30, "#80ed99") +
      hills(r, 212, 24, "#38a3a5")
    )
  },
}

const action: Genre = {
  skies: [
    ["#0d0d0d", "#3b0a0a", "#c1121f"],
    ["#0a0a12", "#2d1b00", "#e85d04"],
  ],
  accent: "#ff7b00",
  scene: (r) => {
    const cx = 70 + r.next() * 60
    const cy = 120
    let burst = ""
    for (const [outer, inner, fill] of [
      [78, 40, "#e85d04"],
      [54, 28, "#faa307"],
      [30, 16, "#ffea00"],
    ] as const) {
      let d = ""
      for (let i = 0; i < 24; i++) {
        const a = (i / 24) * Math.PI * 2
        const radius = i % 2 === 0 ? outer * (0.8 + r.next() * 0.4) : inner
        d += `${i === 0 ? "M" : "L"}${n(cx + radius * Math.cos(a))} ${n(cy + radius * Math.sin(a))}`
      }
      burst += `<path d="${d}z" fill="${fill}"/>`
    }
    let streaks = ""
    for (let i = 0; i < 5; i++) {
      const x = r.next() * W
      streaks += `<path d="M${n(x)} 0L${n(x + 8)} 0L${n(x - 60)} 220L${n(x - 64)} 220z" fill="#fff" fill-opacity="0.07"/>`
    }
    return (
      glow("fire", cx, cy, 110, "#ff5400") +
      burst +
      streaks +
      skyline(r, 210, 20, 70, "#0b0b0b", "#ffba08") +
      figure(100 + (cx < 100 ? 40 : -40), 214, 84, "#000")
    )
  },
}

const documentary: Genre = {
  skies: [
    ["#f4d58d", "#e9a85a", "#bf6b3a"],
    ["#cfe1b9", "#e7c580", "#d08c60"],
  ],
  accent: "#fff3b0",
  scene: (r) => {
    const sunX = 40 + r.next() * 120
    const treeX = sunX < 100 ? 140 + r.next() * 30 : 30 + r.next() * 30
    return (
      `<circle cx="${n(sunX)}" cy="70" r="30" fill="#fff3b0" fill-opacity="0.85"/>` +
      `<path d="M20 46q6-4 12 0q6-4 12 0M150 34q5-3 10 0q5-3 10 0" stroke="#5c3d2e" stroke-width="1.5" fill="none"/>` +
      hills(r, 150, 30, "#c98b54") +
      hills(r, 176, 24, "#a0603a") +
      // an acacia: a trunk and a flat crown
      `<path d="M${n(treeX)} 184L${n(treeX + 2)} 150L${n(treeX - 8)} 140M${n(treeX + 2)} 152L${n(treeX + 12)} 140" stroke="#3b2417" stroke-width="3" fill="none"/>` +
      `<ellipse cx="${n(treeX + 2)}" cy="136" rx="26" ry="7" fill="#3b2417"/>` +
      hills(r, 204, 18, "#6f3f24")
    )
  },
}

const kids: Genre = {
  skies: [
    ["#4cc9f0", "#90e0ef", "#caf0f8"],
    ["#48bfe3", "#64dfdf", "#e0fbfc"],
  ],
  accent: "#ffd166",
  scene: (r) => {
    const colours = ["#ef476f", "#ffd166", "#06d6a0", "#8338ec", "#fb5607"]
    let balloons = ""
    for (let i = 0; i < 4; i++)
      balloons += balloon(
        30 + i * 45 + r.next() * 15,
        60 + r.next() * 60,
        0.8 + r.next() * 0.4,
        r.pick(colours),
      )
    return (
      `<circle cx="160" cy="40" r="18" fill="#ffd166"/>` +
      cloud(18 + r.next() * 30, 40, 1) +
      cloud(110 + r.next() * 30, 80 + r.next() * 20, 0.8) +
      balloons +
      sparkle(100, 30, 5, "#fff") +
      hills(r, 190, 26, "#95d5b2") +
      hills(r, 214, 20, "#52b788")
    )
  },
}

const thriller: Genre = {
  skies: [
    ["#020617", "#0f1f3d", "#1e3a5f"],
    ["#050505", "#1b2a2f", "#34495e"],
    ["#0b0b0b", "#2b0f14", "#5c1a1b"],
  ],
  accent: "#8ecae6",
  scene: (r) => {
    const moonX = 40 + r.next() * 120
    let fog = ""
    for (let i = 0; i < 4; i++)
      fog += `<rect x="${n(-20 + r.next() * 40)}" y="${168 + i * 12}" width="${n(140 + r.next() * 80)}" height="5" rx="2.5" fill="#cbd5e1" fill-opacity="0.12"/>`
    return (
      glow("moon", moonX, 62, 60, "#cbd5e1") +
      `<circle cx="${n(moonX)}" cy="62" r="24" fill="#e2e8f0"/><circle cx="${n(moonX + 7)}" cy="56" r="5" fill="#cbd5e1"/><circle cx="${n(moonX - 8)}" cy="70" r="3" fill="#cbd5e1"/>` +
      stars(r, 18, 120) +
      skyline(r, 200, 30, 90, "#02040a", "#fde68a") +
      fog +
      figure(100 + (r.next() - 0.5) * 60, 214, 40, "#000") +
      `<path d="M0 214H200V300H0z" fill="#000" fill-opacity="0.35"/>`
    )
  },
}

const romance: Genre = {
  skies: [
    ["#3d0c2c", "#b5179e", "#ffb3c6"],
    ["#590d22", "#c9184a", "#ffccd5"],
  ],
  accent: "#ffccd5",
  scene: (r, sky) => {
    let bokeh = ""
    for (let i = 0; i < 22; i++)
      bokeh += `<circle cx="${n(r.next() * W)}" cy="${n(r.next() * 200)}" r="${n(3 + r.next() * 12)}" fill="#fff" fill-opacity="${n(0.06 + r.next() * 0.16)}"/>`
    let hearts = ""
    for (let i = 0; i < 3; i++)
      hearts += heart(20 + r.next() * 160, 20 + r.next() * 60, 4 + r.next() * 4, "#fff", 0.5)
    return (
      glow("sun", 100, 150, 90, sky[2]) +
      bokeh +
      hearts +
      heart(r.int(80, 120), r.int(90, 120), r.int(24, 34), "#ff4d6d", 0.55) +
      hills(r, 200, 14, "#2b0a1e") +
      figure(88, 204, 62, "#1a0612") +
      figure(110, 204, 56, "#1a0612")
    )
  },
}

const genres: Readonly<Record<number, Genre>> = {
  [CATEGORY.drama]: drama,
  [CATEGORY.comedy]: comedy,
  [CATEGORY.animation]: animation,
  [CATEGORY.action]: action,
  [CATEGORY.documentary]: documentary,
  [CATEGORY.kids]: kids,
  [CATEGORY.thriller]: thriller,
  [CATEGORY.romance]: romance,
}

// ---- the type ----

/** Rough advance of a bold glyph, in ems: good enough to size a line, and `textLength` squeezes any that overflow. */
const GLYPH_EM = 0.58

/** A line of text centred on the poster, squeezed to the column when its estimate overflows it. */
const line = (text: string, y: number, size: number, attributes: string): string => {
  const fits = text.length * size * GLYPH_EM <= COLUMN
  return `<text x="100" y="${n(y)}" font-size="${size}"${fits ? "" : ` textLength="${COLUMN}" lengthAdjust="spacingAndGlyphs"`}${attributes}>${escapeXml(text)}</text>`
}

const SURNAMES = [
  "LEVI",
  "KAPLAN",
  "ORLOV",
  "BEN-DAVID",
  "SHAPIRO",
  "NAVON",
  "AZOULAY",
  "KOGAN",
  "HADDAD",
  "PERETZ",
  "ROSEN",
  "GOLAN",
  "FRIEDMAN",
  "AMAR",
]
const ROLES = ["DIRECTED BY", "WRITTEN BY", "MUSIC BY", "EDITED BY", "PRODUCED BY"]

/** The small print at the foot of a poster: invented people, drawn from the film's own stream. */
const billing = (r: Random): ReadonlyArray<string> => [
  `MARQUEE PICTURES PRESENTS A ${r.pick(SURNAMES)} PRODUCTION`,
  ROLES.map((role) => `${role} ${r.pick(SURNAMES)}`).join("  "),
]

/** Whether a line is written right to left (Hebrew or Arabic letters in it). */
const isRtl = (text: string): boolean => /[\u0590-\u08ff]/.test(text)

/** The poster of one film, as SVG text. */
export const featurePosterSvg = (film: PosterFacts): string => {
  const r = makeRandom(film.id, `poster/${film.name.en}`)
  const genre = genres[film.category_id] ?? drama
  const sky = r.pick(genre.skies)
  const title = film.name.he
  const rtl = isRtl(title)
  const lines = titleLines(title, 12)
  const longest = Math.max(...lines.map((l) => l.length))
  const size = Math.max(18, Math.min(34, Math.floor(COLUMN / (longest * GLYPH_EM))))
  const leading = Math.round(size * 1.08)
  const titleBottom = 238
  const titleText = lines
    .map((text, i) =>
      line(
        text,
        titleBottom - (lines.length - 1 - i) * leading,
        size,
        ` font-weight="800"${rtl ? ' direction="rtl"' : ""}`,
      ),
    )
    .join("")
  const original = film.name.en.toUpperCase()
  const rating = film.age_rating === "all" ? "הותר לכל" : `${film.age_rating}+`
  const ratingWidth = film.age_rating === "all" ? 38 : 20
  const [credits, crew] = billing(r)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">` +
    `<title>${escapeXml(title)} — ${escapeXml(film.name.en)}</title>` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="0.55" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[2]}"/></linearGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="0.8" stop-color="#000" stop-opacity="0.7"/><stop offset="1" stop-color="#000" stop-opacity="0.9"/></linearGradient>` +
    `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
    // half the films see their scene mirrored: two of a genre rarely look alike
    (r.chance(0.5)
      ? `<g transform="matrix(-1 0 0 1 ${W} 0)">${genre.scene(r, sky)}</g>`
      : genre.scene(r, sky)) +
    `<rect width="${W}" height="${H}" fill="url(#shade)"/><rect width="${W}" height="${H}" fill="url(#vignette)"/>` +
    `<g fill="#fff" font-family="'Arial Black', 'Segoe UI', Arial, system-ui, sans-serif" text-anchor="middle">` +
    titleText +
    line(original, titleBottom + 15, 9, ` font-weight="700" letter-spacing="1" fill-opacity="0.85"`) +
    `</g>` +
    `<rect x="40" y="${titleBottom + 21}" width="120" height="1.5" fill="${genre.accent}"/>` +
    `<g font-family="Arial, system-ui, sans-serif" font-size="8" font-weight="700" fill="#fff">` +
    `<rect x="14" y="265" width="${ratingWidth}" height="12" rx="2" fill="none" stroke="#fff" stroke-width="1"/>` +
    `<text x="${14 + ratingWidth / 2}" y="274" text-anchor="middle"${film.age_rating === "all" ? ' direction="rtl"' : ""}>${escapeXml(rating)}</text>` +
    (film.is_3d
      ? `<rect x="${18 + ratingWidth}" y="265" width="18" height="12" rx="2" fill="${genre.accent}"/><text x="${27 + ratingWidth}" y="274" text-anchor="middle" fill="#000">3D</text>`
      : "") +
    `<text x="186" y="274" text-anchor="end" letter-spacing="1">${escapeXml(film.release_date.slice(0, 4))}</text></g>` +
    `<g fill="#fff" fill-opacity="0.55" font-family="'Arial Narrow', Arial, sans-serif" font-size="4.5" text-anchor="middle">` +
    `<text x="100" y="285" textLength="${COLUMN}" lengthAdjust="spacingAndGlyphs">${escapeXml(credits ?? "")}</text>` +
    `<text x="100" y="291" textLength="${COLUMN}" lengthAdjust="spacingAndGlyphs">${escapeXml(crew ?? "")}</text></g>` +
    `</svg>`
  )
}
