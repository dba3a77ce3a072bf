import type { Translate } from "../i18n/useI18n.ts"

/**
 * Translated words for the codes the VOD pages meet: the commit's refusals that a VOD purchase can get, the
 * playback refusals (spec §8), and anything else as the spec's load error.
 */
const KNOWN = [
  "signInRequired",
  "notOnSale",
  "priceMismatch",
  "unknownTicket",
  "customerInfoInvalid",
  "humanCheck",
  "vodNotYetAvailable",
  "vodExpired",
  "vodNoPlaybacksLeft",
  "VOD_NOT_FOUND",
  "LOGIN_FAILED",
  "paymentFailed",
] as const
type Known = (typeof KNOWN)[number]

export const vodErrorText = (code: string, t: Translate): string =>
  (KNOWN as ReadonlyArray<string>).includes(code)
    ? t(`vod.errors.${code as Known}`)
    : t("vod.errors.loadError")

/** An instant as the chain's wall clock reads it (Asia/Jerusalem), whatever the device's zone: "25/11/2026 20:00". */
export const chainDateTime = (epochMs: number, locale: string): string =>
  new Intl.DateTimeFormat(locale === "he" ? "he-IL" : locale, {
    timeZone: "Asia/Jerusalem",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(epochMs)
