// The demo chain's films, in three languages, their release dates relative to the seed's day.
import type { Temporal } from "@js-temporal/polyfill"
import { CATEGORY } from "./featureCategories.ts"
import { type Text, localText as t } from "./localText.ts"
import type { Random } from "./random.ts"

export interface FeatureRow {
  readonly id: number
  readonly name: Text
  readonly synopsis: Text
  readonly category_id: number
  readonly language: string
  readonly dubbing: string | null
  readonly subtitles: string | null
  readonly duration_minutes: number
  readonly release_date: string
  readonly age_rating: string
  readonly is_3d: boolean
  /** its poster in `images` (posterArt.ts draws the demo's at seed time) */
  readonly image_key: string | null
}

interface FeatureSpec {
  readonly name: Text
  readonly category: number
  readonly language: string
  readonly dubbing?: string
  readonly subtitles?: string
  readonly minutes: number
  /** release relative to `today`, in days */
  readonly released: number
  readonly rating: string
  readonly is3d?: boolean
}

// Invented titles: none of them is a real film.
const specs: ReadonlyArray<FeatureSpec> = [
  {
    name: t("האור שבין הגלים", "The Light Between Tides", "Свет между приливами"),
    category: CATEGORY.drama,
    language: "en",
    subtitles: "he",
    minutes: 128,
    released: -95,
    rating: "12",
  },
  {
    name: t("סבתא בטיסה", "Grandma on Board", "Бабушка на борту"),
    category: CATEGORY.comedy,
    language: "he",
    minutes: 97,
    released: -80,
    rating: "all",
  },
  {
    name: t("הדרקון מהקומה השלישית", "The Dragon on the Third Floor", "Дракон с третьего этажа"),
    category: CATEGORY.animation,
    language: "en",
    dubbing: "he",
    minutes: 92,
    released: -70,
    rating: "all",
    is3d: true,
  },
  {
    name: t("מבצע חצות", "Operation Midnight Sun", "Операция «Полуночное солнце»"),
    category: CATEGORY.action,
    language: "en",
    subtitles: "he",
    minutes: 141,
    released: -64,
    rating: "16",
    is3d: true,
  },
  {
    name: t("שורשים במדבר", "Roots in the Sand", "Корни в песке"),
    category: CATEGORY.documentary,
    language: "he",
    subtitles: "en",
    minutes: 88,
    released: -60,
    rating: "all",
  },
  {
    name: t("מיקה והכוכב האבוד", "Mika and the Lost Star", "Мика и потерянная звезда"),
    category: CATEGORY.kids,
    language: "fr",
    dubbing: "he",
    minutes: 85,
    released: -55,
    rating: "all",
  },
  {
    name: t("השעון של ורשה", "The Warsaw Clock", "Варшавские часы"),
    category: CATEGORY.drama,
    language: "pl",
    subtitles: "he",
    minutes: 134,
    released: -50,
    rating: "14",
  },
  {
    name: t("צל על הכרמל", "Shadow over Carmel", "Тень над Кармелем"),
    category: CATEGORY.thriller,
    language: "he",
    subtitles: "ru",
    minutes: 112,
    released: -45,
    rating: "16",
  },
  {
    name: t("קיץ בפריז", "A Summer in Belleville", "Лето в Бельвиле"),
    category: CATEGORY.romance,
    language: "fr",
    subtitles: "he",
    minutes: 104,
    released: -40,
    rating: "12",
  },
  {
    name: t("הנווט האחרון", "The Last Navigator", "Последний штурман"),
    category: CATEGORY.action,
    language: "en",
    subtitles: "he",
    minutes: 156,
    released: -35,
    rating: "14",
    is3d: true,
  },
  {
    name: t("חתונה בגליל", "A Wedding in the Galilee", "Свадьба в Галилее"),
    category: CATEGORY.comedy,
    language: "he",
    subtitles: "en",
    minutes: 101,
    released: -30,
    rating: "all",
  },
  {
    name: t("ממלכת הקיפודים", "Kingdom of Hedgehogs", "Королевство ёжиков"),
    category: CATEGORY.animation,
    language: "en",
    dubbing: "he",
    minutes: 89,
    released: -27,
    rating: "all",
    is3d: true,
  },
  {
    name: t("השחקנית מאודסה", "The Actress from Odessa", "Актриса из Одессы"),
    category: CATEGORY.drama,
    language: "ru",
    subtitles: "he",
    minutes: 119,
    released: -24,
    rating: "12",
  },
  {
    name: t("קוד אדום בנמל", "Code Red at the Harbour", "Красный код в гавани"),
    category: CATEGORY.thriller,
    language: "en",
    subtitles: "he",
    minutes: 118,
    released: -21,
    rating: "16",
  },
  {
    name: t("דבורים של אבא", "Dad's Bees", "Папины пчёлы"),
    category: CATEGORY.documentary,
    language: "en",
    subtitles: "he",
    minutes: 79,
    released: -18,
    rating: "all",
  },
  {
    name: t("הגננת יוצאת למלחמה", "The Kindergarten Teacher Fights Back", "Воспитательница даёт отпор"),
    category: CATEGORY.comedy,
    language: "he",
    subtitles: "ru",
    minutes: 95,
    released: -15,
    rating: "all",
  },
  {
    name: t("ענק הרוח", "Giant of the Wind", "Великан ветра"),
    category: CATEGORY.kids,
    language: "en",
    dubbing: "he",
    minutes: 91,
    released: -12,
    rating: "all",
  },
  {
    name: t("שתיקת המגדלור", "The Lighthouse Keeps Silent", "Молчание маяка"),
    category: CATEGORY.drama,
    language: "fr",
    subtitles: "he",
    minutes: 137,
    released: -9,
    rating: "14",
  },
  {
    name: t("מרוץ לכוכבים", "Race to the Stars", "Гонка к звёздам"),
    category: CATEGORY.action,
    language: "en",
    subtitles: "he",
    minutes: 148,
    released: -6,
    rating: "12",
    is3d: true,
  },
  {
    name: t("אהבה בקו 5", "Love on Bus Line 5", "Любовь на пятом маршруте"),
    category: CATEGORY.romance,
    language: "he",
    subtitles: "en",
    minutes: 99,
    released: -3,
    rating: "all",
  },
  {
    name: t("הבלשית הקטנה", "The Little Detective", "Маленькая сыщица"),
    category: CATEGORY.kids,
    language: "es",
    dubbing: "he",
    minutes: 87,
    released: 1,
    rating: "all",
  },
  {
    name: t("לילה בספרייה", "A Night at the Library", "Ночь в библиотеке"),
    category: CATEGORY.thriller,
    language: "en",
    subtitles: "he",
    minutes: 109,
    released: 4,
    rating: "16",
  },
  {
    name: t("הכינור של אמא", "Mother's Violin", "Мамина скрипка"),
    category: CATEGORY.drama,
    language: "ru",
    subtitles: "he",
    minutes: 126,
    released: 8,
    rating: "all",
  },
  {
    name: t("אגדת הים האדום", "Legend of the Red Sea", "Легенда Красного моря"),
    category: CATEGORY.animation,
    language: "en",
    dubbing: "ru",
    subtitles: "he",
    minutes: 96,
    released: 11,
    rating: "all",
    is3d: true,
  },
]

const synopsisFor = (name: Text): Text => ({
  ...t(`${name.he}: סרט חדש ברשת מרקי.`, `${name.en}: new at Marquee.`, `${name.ru}: новинка в Marquee.`),
  ...(name.ar === undefined ? {} : { ar: `${name.ar}: جديد في Marquee.` }),
})

export const makeFeatures = (today: Temporal.PlainDate, random: Random): ReadonlyArray<FeatureRow> =>
  specs.map((spec, i) => ({
    id: 101 + i,
    image_key: `features/${101 + i}.svg`,
    name: spec.name,
    synopsis: synopsisFor(spec.name),
    category_id: spec.category,
    language: spec.language,
    dubbing: spec.dubbing ?? null,
    subtitles: spec.subtitles ?? null,
    duration_minutes: spec.minutes,
    // a few days of jitter so different seeds give different calendars without losing the shape
    release_date: today.add({ days: spec.released - random.int(0, 2) }).toString(),
    age_rating: spec.rating,
    is_3d: spec.is3d ?? false,
  }))
