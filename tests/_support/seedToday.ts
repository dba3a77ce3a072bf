import { Temporal } from "@js-temporal/polyfill"
import { chainToday } from "../../src/server/time.ts"
import { PINNED_NOW } from "./pinnedClock.ts"

/**
 * The "today" the run's seeded templates are laid around: the date the test servers' pinned clock reads in
 * Jerusalem ({@link PINNED_NOW}), so a copy holds what a server pinned there would seed itself.
 */
export const seedToday = (): Temporal.PlainDate => chainToday(Temporal.Instant.from(PINNED_NOW))
