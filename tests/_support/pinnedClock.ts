/** The instant the test servers' clock starts at; see the server's MARQUEE_CLOCK_START */
export const PINNED_NOW = "2026-11-24T08:00:00Z"
