// System vouchers, memberships and donations offered for sale (amounts in agorot).

import type { Row } from "./commerce.ts"
import type { Text } from "./localText.ts"

const t = (he: string, en: string, ru: string): Text => ({ he, en, ru })

export const voucherSuperclasses: ReadonlyArray<Row> = [
  { id: 1, name: t("כרטיסי מתנה", "Gift cards", "Подарочные карты"), sort_order: 0 },
  { id: 2, name: t("שוברי כרטיסים", "Ticket vouchers", "Ваучеры на билеты"), sort_order: 1 },
  { id: 3, name: t("שוברים לעסקים", "Corporate vouchers", "Корпоративные ваучеры"), sort_order: 2 },
]

const terms = t("תקף לכל הסרטים ברשת.", "Valid for every film in the chain.", "Действует на все фильмы сети.")
const voucherClass = (row: Row) => ({
  terms,
  is_open_price: false,
  min_price_agorot: null,
  max_price_agorot: null,
  ticket_quantity: null,
  is_sold_online: true,
  ...row,
})

export const voucherClasses: ReadonlyArray<Row> = [
  voucherClass({
    id: 10,
    superclass_id: 1,
    name: t("כרטיס מתנה בסכום לבחירה", "Gift card, any amount", "Подарочная карта на любую сумму"),
    is_open_price: true,
    min_price_agorot: 5000,
    max_price_agorot: 50000,
    validity_days: 1825,
  }),
  voucherClass({
    id: 20,
    superclass_id: 2,
    name: t("שובר זוגי", "Voucher for two tickets", "Ваучер на два билета"),
    ticket_quantity: 2,
    validity_days: 365,
  }),
  voucherClass({
    id: 21,
    superclass_id: 2,
    name: t("שובר VIP זוגי", "VIP voucher for two", "VIP-ваучер на двоих"),
    ticket_quantity: 2,
    validity_days: 365,
  }),
  voucherClass({
    id: 30,
    superclass_id: 3,
    name: t("חבילת 100 כרטיסים לעובדים", "100 staff tickets", "100 билетов для сотрудников"),
    ticket_quantity: 100,
    validity_days: 365,
    is_sold_online: false,
  }),
]

export const voucherPrices: ReadonlyArray<Row> = [
  {
    id: 201,
    system_voucher_class_id: 20,
    name: t("שובר זוגי", "Two tickets", "Два билета"),
    price_agorot: 8900,
  },
  {
    id: 211,
    system_voucher_class_id: 21,
    name: t("VIP זוגי", "VIP for two", "VIP на двоих"),
    price_agorot: 18900,
  },
  {
    id: 301,
    system_voucher_class_id: 30,
    name: t("100 כרטיסים", "100 tickets", "100 билетов"),
    price_agorot: 350000,
  },
]

export const MEMBERSHIP = { club: 1, series10: 2, series5: 3 } as const

export const memberships: ReadonlyArray<Row> = [
  {
    id: MEMBERSHIP.club,
    code: "CLUB",
    name: t("מועדון מרקי", "Marquee Club", "Клуб Marquee"),
    class_name: t("מנוי שנתי", "Yearly membership", "Годовое членство"),
    membership_type_id: 1,
    ticket_quantity: null,
    validity_days: 365,
  },
  {
    id: MEMBERSHIP.series10,
    code: "SERIES10",
    name: t("כרטיסייה 10 כניסות", "10-ticket card", "Абонемент на 10 сеансов"),
    class_name: t("כרטיסייה", "Punch card", "Абонемент"),
    membership_type_id: 2,
    ticket_quantity: 10,
    validity_days: 365,
  },
  {
    id: MEMBERSHIP.series5,
    code: "SERIES5",
    name: t("כרטיסייה 5 כניסות", "5-ticket card", "Абонемент на 5 сеансов"),
    class_name: t("כרטיסייה", "Punch card", "Абонемент"),
    membership_type_id: 2,
    ticket_quantity: 5,
    validity_days: 180,
  },
].map((row) => ({ ...row, terms, is_sold_online: true }))

export const membershipPrices: ReadonlyArray<Row> = [
  {
    id: 11,
    membership_id: 1,
    price_code: "CLUB-Y",
    name: t("שנתי", "Yearly", "Годовой"),
    price_agorot: 9900,
  },
  {
    id: 21,
    membership_id: 2,
    price_code: "S10",
    name: t("10 כניסות", "10 entries", "10 сеансов"),
    price_agorot: 39000,
  },
  {
    id: 31,
    membership_id: 3,
    price_code: "S5",
    name: t("5 כניסות", "5 entries", "5 сеансов"),
    price_agorot: 21000,
  },
].map((row) => ({ ...row, currency: "ILS" }))

export const donations: ReadonlyArray<Row> = [
  {
    id: 1,
    code: "KIDS",
    name: t("קולנוע לכל ילד", "Cinema for every child", "Кино для каждого ребёнка"),
    description: t(
      "הקרנות לילדים בפריפריה.",
      "Screenings for children in outlying towns.",
      "Показы для детей.",
    ),
  },
  {
    id: 2,
    code: "ARCHIVE",
    name: t("שימור ארכיון הסרטים", "Film archive restoration", "Реставрация киноархива"),
    description: t("שימור סרטים ישראליים.", "Restoring Israeli films.", "Реставрация израильских фильмов."),
  },
]

export const donationDetails: ReadonlyArray<Row> = [
  {
    id: 11,
    donation_id: 1,
    amount_agorot: 1800,
    allows_custom_amount: false,
    min_custom_agorot: null,
    sort_order: 0,
  },
  {
    id: 12,
    donation_id: 1,
    amount_agorot: 3600,
    allows_custom_amount: false,
    min_custom_agorot: null,
    sort_order: 1,
  },
  {
    id: 13,
    donation_id: 1,
    amount_agorot: 10000,
    allows_custom_amount: false,
    min_custom_agorot: null,
    sort_order: 2,
  },
  {
    id: 14,
    donation_id: 1,
    amount_agorot: null,
    allows_custom_amount: true,
    min_custom_agorot: 1000,
    sort_order: 3,
  },
  {
    id: 21,
    donation_id: 2,
    amount_agorot: 5000,
    allows_custom_amount: false,
    min_custom_agorot: null,
    sort_order: 0,
  },
  {
    id: 22,
    donation_id: 2,
    amount_agorot: null,
    allows_custom_amount: true,
    min_custom_agorot: 500,
    sort_order: 1,
  },
]
