/**
 * The numeric currency ids of the wire (spec §3: a cart membership line carries `currencyId`), by ISO 4217 code;
 * the tables keep the code. A code we do not know has no id: a line naming one is a currency mismatch.
 */
const CURRENCY_IDS: Readonly<Record<string, number>> = { ILS: 1, USD: 2, EUR: 3 }

export const currencyIdOf = (code: string): number | null => CURRENCY_IDS[code] ?? null
