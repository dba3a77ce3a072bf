const weekdayFormats = new Map<string, Intl.DateTimeFormat>()

/** A business date (YYYY-MM-DD) as "day name, DD/MM/YYYY" (spec §9's long format, without the time). */
export const formatBusinessDate = (date: string, locale: string): string => {
  let format = weekdayFormats.get(locale)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" })
    weekdayFormats.set(locale, format)
  }
  const [y, m, d] = date.split("-")
  // noon UTC of that calendar date: its weekday is the date's own, whatever the device's zone
  return `${format.format(new Date(`${date}T12:00:00Z`))}, ${d}/${m}/${y}`
}

/** "HH:mm" of an ISO date-time with offset, as written (the server writes Jerusalem's wall time). */
export const wallTime = (iso: string): string => iso.slice(11, 16)

/** A business date as "day name, DD/MM": a report's rows fit a phone, and its filter already names the year. */
export const formatShortDate = (date: string, locale: string): string =>
  formatBusinessDate(date, locale).replace(/\/\d{4}$/, "")
