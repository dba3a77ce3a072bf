import { ENROL_REFUSALS, type EnrolRefusal } from "../../api/EnrolApi.ts"
import type { Translate } from "../i18n/useI18n.ts"

/** The text of an enrolment refusal by its code; anything unknown reads as the spec's GENERAL_ERROR. */
export const enrolText = (code: string, t: Translate): string => {
  const known = (ENROL_REFUSALS as ReadonlyArray<string>).includes(code)
    ? (code as EnrolRefusal)
    : "GENERAL_ERROR"
  return t(`enrol.errors.${known}`)
}

/** Long date-time in the chain's time zone (spec §9: day name, DD/MM/YYYY HH:mm). */
export const showingTime = (iso: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, {
    timeZone: "Asia/Jerusalem",
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso))
