import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { SERVER_SOURCES as SERVER, serverSourceNames } from "../_support/serverSources.ts"

/**
 * The server reads one clock (src/server/clock.ts): TypeScript through Effect's `Clock`, SQL through
 * `marquee_now()`. A direct read of the machine's or the database's time would run on the real date while the
 * rest of a pinned server (tests, demos) runs on another, so it is refused here, in code and in SQL strings alike.
 * Comment lines may name what is not used. `clock.ts` is where the real time is anchored; migrations up to 0019
 * shipped before the rule (0019 redefines their functions).
 */
const EXEMPT = /^(clock\.ts|db\/migrations\/00(0\d|1\d)_[\w-]+\.ts)$/

const FORBIDDEN: ReadonlyArray<readonly [RegExp, string]> = [
  [/(^|[^\w.])now\(\)/, "SQL now(): use marquee_now()"],
  [
    /\b(current_date|current_timestamp|localtimestamp|clock_timestamp\(\)|statement_timestamp\(\))/i,
    "SQL clock",
  ],
  [/\bDate\.now\(/, "Date.now(): use Effect's Clock"],
  [/\bnew Date\(\)/, "new Date(): use Effect's Clock"],
  [/\bTemporal\.Now\b/, "Temporal.Now: use Effect's Clock"],
]

/** `path:line: why` for every read of a clock other than the server's in `source` */
const otherClocks = (path: string, source: string): ReadonlyArray<string> =>
  source.split("\n").flatMap((line, i) => {
    if (/^\s*(\*|\/\/|\/\*)/.test(line)) return []
    return FORBIDDEN.filter(([pattern]) => pattern.test(line)).map(([, why]) => `${path}:${i + 1}: ${why}`)
  })

describe("the server's one clock", () => {
  it("is the only clock src/server reads", () => {
    const found = serverSourceNames()
      .filter((path) => !EXEMPT.test(path))
      .flatMap((path) => otherClocks(path, readFileSync(join(SERVER, path), "utf8")))
    expect(found).toEqual([])
  })

  it("is the clock the seed CLI reads, so a seed and a server with the same MARQUEE_CLOCK_START agree", () => {
    const path = join(SERVER, "../cli/seed.ts")
    expect(otherClocks("cli/seed.ts", readFileSync(path, "utf8"))).toEqual([])
  })

  it("catches each way of reading another clock, and leaves marquee_now() and comments alone", () => {
    const source = [
      "sql`UPDATE carts SET expires_at = now() + interval '1 day'`",
      "sql`SELECT (now() AT TIME ZONE 'Asia/Jerusalem')::date, current_date`",
      "const at = Date.now()",
      "const then = new Date()",
      "const today = Temporal.Now.plainDateISO()",
      "sql`SELECT marquee_now()`",
      "// Date.now() and now() are not read here",
      "new Date(ms).toISOString()",
    ].join("\n")
    expect(otherClocks("x.ts", source).map((line) => line.split(": ")[0])).toEqual([
      "x.ts:1",
      "x.ts:2",
      "x.ts:2",
      "x.ts:3",
      "x.ts:4",
      "x.ts:5",
    ])
  })
})
