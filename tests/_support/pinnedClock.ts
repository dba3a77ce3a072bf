/**
 * The instant the integration servers' clock starts at (`startTestServer`'s default `clockStart`, the server's
 * `MARQUEE_CLOCK_START`), so no test depends on the hour or the day it runs: a Tuesday morning in Jerusalem,
 * with the seeded week of presentations around it.
 */
export const PINNED_NOW = "2026-11-24T08:00:00Z"
