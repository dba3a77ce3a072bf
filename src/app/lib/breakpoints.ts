/**
 * Spec §9 breakpoints in CSS pixels. CSS uses the same numbers as custom media in `styles/tokens.css`
 * (`--mobile`, `--tablet`, `--laptop`); keep both in step.
 */
export const BREAKPOINTS = { mobile: 600, tablet: 900, laptop: 1250 } as const

/** Spec §9 "fetch minimum delay": a loading indicator appears only for answers slower than this. */
export const LOADING_INDICATOR_DELAY_MS = 200
