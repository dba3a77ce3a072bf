import { Temporal } from "@js-temporal/polyfill"
import { chainToday } from "../../src/server/time.ts"

/**
 * The "today" every test database is seeded around. Today it is the real date, because the server's own
 * clock still follows the real one; once the server runs on the pinned clock, this becomes
 * `chainToday(Temporal.Instant.from(PINNED_NOW))` (tests/_support/pinnedClock.ts) and nothing else changes.
 */
export const seedToday = (): Temporal.PlainDate => chainToday(Temporal.Now.instant())
