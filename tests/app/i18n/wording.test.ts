import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

/**
 * One word per thing in each language. A buyer who reads "Service charge" on one step and "Service fee" on the
 * next, or "מושב" and "כיסא" for the same seat, wonders whether they are two things. The words chosen:
 *
 * | thing                      | en              | he              | ru              |
 * | -------------------------- | --------------- | --------------- | --------------- |
 * | a numbered seat            | seat            | מושב            | место           |
 * | a general-admission place  | place           | מקום            | место           |
 * | the charge on top          | service charge  | דמי טיפול       | сервисный сбор  |
 * | a presentation             | showing         | הקרנה           | сеанс           |
 * | the list of presentations  | what's on       | לוח ההקרנות     | афиша           |
 * | food and such              | extras          | תוספות          | дополнения      |
 * | the shop's memory          | basket          | סל              | корзина         |
 * | a system voucher           | voucher         | שובר            | ваучер          |
 * | a membership               | membership      | מנוי            | абонемент       |
 * | signing in                 | sign in         | התחברות         | войти           |
 * | loading the page again     | reload          | טעינה מחדש      | перезагрузить   |
 * | using a code               | apply           | החלה            | применить       |
 *
 * Each rule names a word that was rejected for one of these; a text that uses it fails here.
 */

type Table = { [key: string]: string | Table }

const texts = (locale: string): ReadonlyArray<readonly [string, string]> => {
  const table = JSON.parse(
    readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), "utf8"),
  ) as Table
  const walk = (node: Table, prefix: string): Array<readonly [string, string]> =>
    Object.entries(node).flatMap(([key, value]) =>
      typeof value === "string" ? [[`${prefix}${key}`, value] as const] : walk(value, `${prefix}${key}.`),
    )
  return walk(table, "")
}

type Rule = {
  readonly rejected: RegExp
  readonly use: string
  /** keys where the pattern means something else (general admission's places, "instead of") */
  readonly exceptKeys?: ReadonlyArray<string>
}

const RULES: Record<"en" | "he" | "ru", ReadonlyArray<Rule>> = {
  en: [
    { rejected: /service fee/i, use: "service charge" },
    { rejected: /booking fee/i, use: "service charge (per order)" },
    // a concept word is not capitalised in the middle of a sentence
    { rejected: /[a-z,]\s+(Service charge|Seat|Ticket|Basket|Voucher|Showing|Extras)\b/, use: "lower case" },
    // a label filled in mid-sentence ("Including Service charge") keeps its capital: the label goes first
    { rejected: /[a-z]\s+\{\{label\}\}/, use: "{{label}} first" },
    { rejected: /\bcart\b/i, use: "basket" },
    { rejected: /\b(presentations?|screenings?)\b/i, use: "showing" },
    { rejected: /\bprogramme\b/i, use: "what's on" },
    { rejected: /\bproducts?\b/i, use: "extras" },
    { rejected: /\bchairs?\b/i, use: "seat" },
    { rejected: /\be-mail\b/i, use: "email" },
    { rejected: /\blog(ged)? ?in\b|\blogin\b/i, use: "sign in" },
    { rejected: /\brefresh the page\b/i, use: "reload" },
    { rejected: /^Retry$/, use: "Try again" },
  ],
  he: [
    // כיסא גלגלים is a wheelchair, not a seat
    { rejected: /כי?סא(?! גלגלים)/, use: "מושב" },
    // a wheelchair space is a place (מקום לכיסא גלגלים), and במקום is "instead of"
    {
      rejected: /מקומ|מקום(?! לכיסא גלגלים)/,
      use: "מושב (מקום is a general-admission place)",
      exceptKeys: [
        "orderSteps.ga.",
        "orderSteps.tickets.placeLabel",
        "orderSteps.tickets.discounted",
        "orderSteps.tickets.paidByVoucher",
        // free some space (on the device)
        "payment.errors.CartStorageFailed",
      ],
    },
    { rejected: /עמלת שירות|דמי שירות|דמי הזמנה/, use: "דמי טיפול" },
    { rejected: /מוצרים/, use: "תוספות" },
    { rejected: /עגלה|עגלת/, use: "סל" },
    { rejected: /מופע|הצגה/, use: "הקרנה" },
    { rejected: /למה מוצג/, use: "לוח ההקרנות" },
    { rejected: /קופון הנחה|וואוצ׳ר|ואוצ'ר/, use: "שובר" },
    { rejected: /רעננו|רענון/, use: "טעינה מחדש" },
    { rejected: /דואר אלקטרוני|הדואר האלקטרוני|אימייל/, use: "דוא״ל" },
    { rejected: /טלפון נייד/, use: "מספר נייד" },
    { rejected: /נגמר/, use: "הסתיים" },
    // an abbreviation takes gershayim (״), not a typewriter quote
    { rejected: /[א-ת]"[א-ת]/, use: "סה״כ" },
    { rejected: /^אישור$/, use: "החלה (to apply a code)" },
    { rejected: /^(להתחיל מחדש|הארכה|ניסיון נוסף)$/, use: "התחלה מחדש, הארכת הזמן, נסו שוב" },
  ],
  ru: [
    { rejected: /кресл/i, use: "место" },
    { rejected: /сертификат/i, use: "ваучер" },
    { rejected: /товар/i, use: "дополнения" },
    { rejected: /дополнительно/i, use: "дополнения" },
    { rejected: /членств/i, use: "абонемент" },
    { rejected: /комисси|сбор за (обслуживание|бронирование)/i, use: "сервисный сбор" },
    { rejected: /обновите страницу/i, use: "перезагрузите страницу" },
    { rejected: /программ[аеуы]/i, use: "клуб" },
  ],
}

describe("one word per thing", () => {
  for (const [locale, rules] of Object.entries(RULES)) {
    it(`${locale} uses none of the rejected synonyms`, () => {
      const offences = texts(locale).flatMap(([key, text]) =>
        rules
          .filter((rule) => rule.rejected.test(text))
          .filter((rule) => !(rule.exceptKeys ?? []).some((prefix) => key.startsWith(prefix)))
          .map((rule) => `${key}: "${text}" (use ${rule.use})`),
      )
      expect(offences).toEqual([])
    })
  }

  it("the rules catch what they were written for", () => {
    const caught = (locale: "en" | "he" | "ru", text: string) =>
      RULES[locale].some((rule) => rule.rejected.test(text))
    expect(caught("en", "Service fee")).toBe(true)
    expect(caught("en", "Including Service charge")).toBe(true)
    expect(caught("en", "Including {{label}}")).toBe(true)
    expect(caught("en", "{{label}} (included)")).toBe(false)
    expect(caught("he", "שורה 5, כיסא 7")).toBe(true)
    expect(caught("he", "מקום לכיסא גלגלים")).toBe(false)
    expect(caught("he", "שורה 5, מושב 7")).toBe(false)
    expect(caught("he", "בחירת מקומות")).toBe(true)
    expect(caught("ru", "Сертификаты")).toBe(true)
  })
})
