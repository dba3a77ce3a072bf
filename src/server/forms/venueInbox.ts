import { Config } from "effect"

/**
 * Where a venue reads the marketing forms sent to it (issue 19). The chain's venues have no address of their own
 * in the catalogue, so it is a pattern: `VENUE_INBOX` with `{location}` standing for the location's id (default
 * `venue-{location}@marquee.example`, which the demo's sandbox inbox shows at /sandbox/inbox/<address>). A form
 * that names no location (a job application or a contact message may not) goes to `{location}` = `office`.
 */
export const VenueInboxConfig = Config.String("VENUE_INBOX").pipe(
  Config.withDefault("venue-{location}@marquee.example"),
)

export const venueInbox = (pattern: string, locationId: number | null): string =>
  pattern.replaceAll("{location}", locationId === null ? "office" : String(locationId))
