// A data table (the demo chain's complex info in three languages), not logic: kept whole so it reads as one list.
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { Text } from "./localText.ts"

const t = (he: string, en: string, ru: string): Text => ({ he, en, ru })

/** Weekdays 0 = Sunday … 6 = Saturday; a closing time before the opening one is after midnight. */
interface Hours {
  readonly fromDay: number
  readonly toDay: number
  readonly opens: string
  readonly closes: string
}

interface ComplexInfo {
  readonly locationId: number
  readonly phone: string
  readonly hours: ReadonlyArray<Hours>
  readonly parking: Text
  readonly accessibility: Text
}

/** Most cinemas open Sunday to Thursday in the morning, on Friday until Shabbat and on Saturday after it. */
const usualWeek = (closes: string): ReadonlyArray<Hours> => [
  { fromDay: 0, toDay: 4, opens: "10:00", closes },
  { fromDay: 5, toDay: 5, opens: "09:30", closes: "15:30" },
  { fromDay: 6, toDay: 6, opens: "18:30", closes },
]

const STEP_FREE = t(
  "כניסה ללא מדרגות, מעלית לכל האולמות, מקומות לכיסאות גלגלים ולמלווים בכל אולם, שירותי נכים ולולאת השראה בקופות.",
  "Step-free entrance, a lift to every hall, wheelchair and companion spaces in each hall, accessible toilets and a hearing loop at the box office.",
  "Вход без ступенек, лифт во все залы, места для колясок и сопровождающих в каждом зале, доступные туалеты и индукционная петля в кассах.",
)

export const COMPLEX_INFO: ReadonlyArray<ComplexInfo> = [
  {
    locationId: 1170,
    phone: "03-555-1170",
    hours: usualWeek("01:00"),
    parking: t(
      "חניון הנמל בתשלום (כניסה מרחוב הטייסים); שעתיים ראשונות חינם עם כרטיס לסרט.",
      "Paid parking at the Port car park (entrance from HaTayasim St); the first two hours free with a film ticket.",
      "Платная парковка порта (въезд с ул. ха-Таясим); первые два часа бесплатно с билетом в кино.",
    ),
    accessibility: STEP_FREE,
  },
  {
    locationId: 1173,
    phone: "02-555-1173",
    hours: usualWeek("00:30"),
    parking: t(
      "חניון התחנה הראשונה, 400 מקומות, תשלום לפי שעה; חניית נכים ליד הכניסה הראשית.",
      "First Station car park, 400 spaces, paid by the hour; disabled parking beside the main entrance.",
      "Парковка «Первая станция», 400 мест, почасовая оплата; места для инвалидов у главного входа.",
    ),
    accessibility: STEP_FREE,
  },
  {
    locationId: 1175,
    phone: "04-555-1175",
    hours: usualWeek("00:00"),
    parking: t(
      "חניה חינם בחניון המרכז המסחרי מוריה, קומות ‎-1 ו-‎-2.",
      "Free parking in the Moriya shopping centre car park, levels -1 and -2.",
      "Бесплатная парковка торгового центра «Мория», уровни −1 и −2.",
    ),
    accessibility: t(
      "כניסה ללא מדרגות ומעלית; אולמות 1–4 נגישים לכיסאות גלגלים, אולם 5 דרך מעלון צדדי.",
      "Step-free entrance and a lift; halls 1–4 take wheelchairs, hall 5 by a side platform lift.",
      "Вход без ступенек и лифт; залы 1–4 доступны для колясок, зал 5 — через боковой подъёмник.",
    ),
  },
  {
    locationId: 1181,
    phone: "08-555-1181",
    hours: usualWeek("00:00"),
    parking: t(
      "חניה חינם במגרש הפתוח מול הקולנוע, 250 מקומות.",
      "Free parking in the open lot opposite the cinema, 250 spaces.",
      "Бесплатная открытая парковка напротив кинотеатра, 250 мест.",
    ),
    accessibility: STEP_FREE,
  },
  {
    locationId: 1186,
    phone: "03-555-1186",
    hours: [
      { fromDay: 0, toDay: 4, opens: "11:00", closes: "01:00" },
      { fromDay: 5, toDay: 5, opens: "10:00", closes: "16:00" },
      { fromDay: 6, toDay: 6, opens: "19:00", closes: "01:30" },
    ],
    parking: t(
      "חניון פארק המערב, שלוש שעות חינם; עמדות טעינה לרכב חשמלי בקומה ‎-1.",
      "West Park car park, three hours free; electric car chargers on level -1.",
      "Парковка Западного парка, три часа бесплатно; зарядка электромобилей на уровне −1.",
    ),
    accessibility: STEP_FREE,
  },
]

/** Invented video ids on the allowlisted trailer host: none is a real film's trailer. */
const trailerFor = (featureId: number): string =>
  `https://www.youtube.com/watch?v=mq${String(featureId).padStart(4, "0")}trlr`

/** The complex info of the cinemas, and a trailer for every film but every fifth (a page without one is real too). */
export const writeComplexInfo = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  for (const info of COMPLEX_INFO) {
    yield* sql`
      INSERT INTO location_info (location_id, phone, opening_hours, parking, accessibility)
      VALUES (${info.locationId}, ${info.phone}, ${JSON.stringify(info.hours)}::jsonb,
        ${JSON.stringify(info.parking)}::jsonb, ${JSON.stringify(info.accessibility)}::jsonb)`
  }
  const features = yield* sql<{ id: number }>`SELECT id FROM features ORDER BY id`
  for (const { id } of features) {
    if (id % 5 !== 0) yield* sql`UPDATE features SET trailer_url = ${trailerFor(id)} WHERE id = ${id}`
  }
})
