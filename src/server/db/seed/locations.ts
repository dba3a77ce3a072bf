// The demo chain's cinemas (and its head office and streaming "cinema"), in three languages.
import type { BrandCode } from "../../../domain/shared/brands.ts"
import { type Text, localText as t } from "./localText.ts"

export interface LocationRow {
  readonly id: number
  readonly name: Text
  readonly city: Text
  readonly address: Text
  readonly is_head_office: boolean
  readonly is_online: boolean
  readonly card_provider: "default" | "secondary"
  readonly latitude: number | null
  readonly longitude: number | null
  /** the venue brand whose wording its order screens use (issue 19); none: the chain's own */
  readonly brand?: BrandCode
}

export const HEAD_OFFICE_ID = 1
export const STREAMING_LOCATION_ID = 1199

export const locations: ReadonlyArray<LocationRow> = [
  {
    id: HEAD_OFFICE_ID,
    name: t("מרקי - הנהלה", "Marquee Head Office", "Marquee — головной офис"),
    city: t("תל אביב-יפו", "Tel Aviv-Yafo", "Тель-Авив-Яффо"),
    address: t("דרך מנחם בגין 132", "132 Menachem Begin Rd", "Дерех Менахем Бегин, 132"),
    is_head_office: true,
    is_online: false,
    card_provider: "default",
    latitude: 32.0741,
    longitude: 34.7922,
  },
  {
    id: 1170,
    name: t("מרקי נמל תל אביב", "Marquee Tel Aviv Port", "Marquee Порт Тель-Авива"),
    city: t("תל אביב-יפו", "Tel Aviv-Yafo", "Тель-Авив-Яффо"),
    address: t("האנגר 9, נמל תל אביב", "Hangar 9, Tel Aviv Port", "Ангар 9, порт Тель-Авива"),
    is_head_office: false,
    is_online: true,
    card_provider: "default",
    latitude: 32.0979,
    longitude: 34.7738,
  },
  {
    id: 1173,
    name: t("מרקי ירושלים התחנה", "Marquee Jerusalem Station", "Marquee Иерусалим Станция"),
    // the chain's family cinema: the family brand's wording (locales/brands/family.json); one journey orders here,
    // to see that wording (brand/family), so the other journeys' step titles stay the chain's own
    brand: "family",
    city: t("ירושלים", "Jerusalem", "Иерусалим"),
    address: t("דוד רמז 4", "4 David Remez St", "ул. Давид Ремез, 4"),
    is_head_office: false,
    is_online: true,
    card_provider: "secondary",
    latitude: 31.7677,
    longitude: 35.2257,
  },
  {
    id: 1175,
    name: t("מרקי חיפה כרמל", "Marquee Haifa Carmel", "Marquee Хайфа Кармель"),
    city: t("חיפה", "Haifa", "Хайфа"),
    address: t("שדרות מוריה 55", "55 Moriya Blvd", "бульвар Мория, 55"),
    is_head_office: false,
    is_online: true,
    card_provider: "default",
    latitude: 32.7883,
    longitude: 34.9866,
  },
  {
    id: 1181,
    name: t("מרקי באר שבע", "Marquee Be'er Sheva", "Marquee Беэр-Шева"),
    // its VIP hall serves at the seat: the lounge brand's wording (locales/brands/lounge.json); no journey orders
    // here, so the journeys' step titles stay the chain's own
    brand: "lounge",
    city: t("באר שבע", "Be'er Sheva", "Беэр-Шева"),
    address: t("שדרות יצחק רגר 21", "21 Yitzhak Rager Blvd", "бульвар Ицхак Рагер, 21"),
    is_head_office: false,
    is_online: true,
    card_provider: "secondary",
    latitude: 31.2529,
    longitude: 34.7915,
  },
  {
    id: 1186,
    name: t("מרקי ראשון לציון", "Marquee Rishon LeZion", "Marquee Ришон-ле-Цион"),
    city: t("ראשון לציון", "Rishon LeZion", "Ришон-ле-Цион"),
    address: t("שדרות מרקי 1, פארק המערב", "1 Marquee Ave, West Park", "проспект Marquee, 1, Западный парк"),
    is_head_office: false,
    is_online: true,
    card_provider: "default",
    latitude: 31.9898,
    longitude: 34.7469,
  },
  {
    id: STREAMING_LOCATION_ID,
    name: t("מרקי בבית", "Marquee at Home", "Marquee дома"),
    city: t("תל אביב-יפו", "Tel Aviv-Yafo", "Тель-Авив-Яффо"),
    address: t("סטרימינג", "Streaming", "Онлайн"),
    is_head_office: false,
    is_online: true,
    card_provider: "default",
    latitude: null,
    longitude: null,
  },
]
