import { Config } from "effect"
import type { SiteConfig } from "../../api/ConfigApi.ts"
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
  locales: { enabled: ["he", "en", "ru"], default: "he", storeDefault: "en", fallback: "en" },
  timeZone: "Asia/Jerusalem",
  country: "IL",
  flags,
  serverTime,
  customerInfoForms: DEFAULT_CUSTOMER_FORMS,
})

/** Param 64, the loyalty login: `LOYALTY_LOGIN` in the environment, on unless set to false. */
export const LoyaltyLoginConfig = Config.Boolean("LOYALTY_LOGIN").pipe(Config.withDefault(true))
