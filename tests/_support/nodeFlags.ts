/**
 * V8 flags for the Node processes that only migrate and seed an embedded database: Vitest's seeded templates'
 * builders (globalSetup.ts).
 *
 * `--max-semi-space-size=64`: a larger young generation than V8 sizes by default (up to 64 MB a half), so the many
 * short-lived objects of a seed (rows, protocol buffers, Effect's fibres) take fewer scavenges. Measured on this
 * 2-core machine, CPU seconds, runs alternated, load 16-35: a journeys' server migrating and seeding its database
 * 30.6, 28.4, 31.0 without, 27.0, 24.6 with.
 *
 * Not for processes that go on serving (Vitest's workers, the journeys' servers): six heavy server test files took
 * 104.7 and 110.5 CPU seconds without it, 168.0 with it (load 15-40, one test failed on time in that run). One run,
 * but no case for it. WebAssembly tiering flags lost too: `--liftoff-only` took 41.9 for the seed (no optimised
 * code for PGlite's hot functions); lazy compilation is V8's default already, and PGlite compiles its module once
 * per process.
 */
export const SEED_NODE_FLAGS: ReadonlyArray<string> = ["--max-semi-space-size=64"]
