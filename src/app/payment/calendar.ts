/**
 * "Add to calendar": an iCalendar (RFC 5545) event for a presentation, built by a pure function so its escaping
 * and line folding are tested. Times are UTC instants (`…Z`), which every calendar places correctly without a
 * VTIMEZONE block; the device shows them in its own zone.
 */

export interface CalendarEvent {
  /** stable per order, so adding twice updates the same entry */
  readonly uid: string
  readonly title: string
  /** ISO 8601 instant with a zone */
  readonly start: string
  readonly durationMinutes: number | null
  readonly location: string
  readonly description: string
  readonly url: string | null
  /** when the file was made (DTSTAMP), ISO 8601 */
  readonly stamp: string
}

/** Without a duration, a showing is taken to last two hours (a feature plus trailers). */
export const DEFAULT_DURATION_MINUTES = 120

/** 20261122T173000Z */
export const icsInstant = (iso: string): string => {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) throw new RangeError(`not an instant: ${iso}`)
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")
}

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped, newlines as \n. */
export const escapeText = (text: string): string =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")

const encoder = new TextEncoder()

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and a space. Folding counts UTF-8 octets and
 * never splits a character (Hebrew letters are 2 octets, emoji 4).
 */
export const foldLine = (line: string): string => {
  const parts: Array<string> = []
  let current = ""
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    // continuation lines start with a space, which counts towards their 75
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(current)
      current = ""
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join("\r\n ")
}

export const buildIcs = (event: CalendarEvent): string => {
  const startMs = Date.parse(event.start)
  const minutes = event.durationMinutes ?? DEFAULT_DURATION_MINUTES
  const end = new Date(startMs + minutes * 60_000).toISOString()
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Marquee//Tickets//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsInstant(event.stamp)}`,
    `DTSTART:${icsInstant(event.start)}`,
    `DTEND:${icsInstant(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.url === null ? [] : [`URL:${event.url}`]),
    "END:VEVENT",
    "END:VCALENDAR",
  ]
  return `${lines.map(foldLine).join("\r\n")}\r\n`
}
