import { Config } from "effect"
import type { SiteConfig } from "../../api/ConfigApi.ts"
import { LocaleCode } from "../../api/shared.ts"
import { DEFAULT_SITE_FLAGS, type SiteFlags } from "../../domain/order/agreements.ts"
import { DEFAULT_CUSTOMER_FORMS } from "../../domain/order/customerInfo.ts"

/**
 * The chain's site configuration (spec §9). Values the spec leaves open are our choices:
 * - step timers (param 665): 10 minutes to choose seats, 7 for tickets, 5 for products, 8 for customer info —
 *   long enough for a family to decide, short enough that abandoned holds return to sale quickly;
 * - loyalty login (64) and invoice details (66) on, QR on e-documents (670) on.
 * The flags come from the environment (siteFlags.ts); without it, the spec's values. Param 64 too
 * (`LOYALTY_LOGIN`, default on): the server enforces it, so the loyalty login is refused where it is off.
 */
export const siteConfig = (
  serverTime: string,
  flags: SiteFlags = DEFAULT_SITE_FLAGS,
  loyaltyLogin = true,
  enabledLocales: ReadonlyArray<LocaleCode> = DEFAULT_ENABLED_LOCALES,
): SiteConfig => ({
  params: {
    "64": loyaltyLogin,
    "66": true,
    "665": {
      chooseSeatsInSeconds: 600,
      chooseTicketsInSeconds: 420,
      chooseProductsInSeconds: 300,
      customerInfoInSeconds: 480,
    },
    "670": true,
  },
  timerMode: "perStep",
  currencies: [{ CurrencyCode: "ILS", symbol: "₪", decimals: 2, isDefault: true }],
  customSeatAttributes: [],
  locales: { enabled: enabledLocales, default: "he", storeDefault: "en", fallback: "en" },
  timeZone: "Asia/Jerusalem",
  country: "IL",
  flags,
  serverTime,
  customerInfoForms: DEFAULT_CUSTOMER_FORMS,
})

/** Param 64, the loyalty login: `LOYALTY_LOGIN` in the environment, on unless set to false. */
export const LoyaltyLoginConfig = Config.Boolean("LOYALTY_LOGIN").pipe(Config.withDefault(true))

/** The languages offered when `ENABLED_LOCALES` is not set: the chain's own three (spec §1). */
export const DEFAULT_ENABLED_LOCALES: ReadonlyArray<LocaleCode> = ["he", "en", "ru"]

/**
 * Enabling a language is configuration only (issue 19): `ENABLED_LOCALES=he,en,ru,ar` offers Arabic everywhere
 * (the shell's `<html lang dir>`, `/api/config`, the language switcher). A code without a locale file stops the
 * server at start; the default, Hebrew, is always enabled, since every page without `lang` is in it.
 */
export const EnabledLocalesConfig: Config.Config<ReadonlyArray<LocaleCode>> = Config.Array(
  LocaleCode,
  "ENABLED_LOCALES",
).pipe(
  Config.withDefault(DEFAULT_ENABLED_LOCALES),
  Config.map((enabled) => (enabled.includes("he") ? enabled : ["he" as const, ...enabled])),
)
