import { spawnSync } from "node:child_process"
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/**
 * The import rules of ARCHITECTURE.md, as `npm run lint` (Biome) enforces them: each rule is shown failing on a
 * forbidden import and passing an allowed one. The probes are written into a scratch copy of the repository's
 * Biome configuration (biome.json and its GritQL plugins in scripts/lint/), at the paths the rules are about, and linted in one run.
 */

type Probe = {
  readonly name: string
  readonly path: string
  readonly source: string
  readonly forbidden: boolean
}

const probe = (name: string, path: string, imports: string, forbidden: boolean): Probe => ({
  name,
  path,
  // the import is used, so that no other rule (unused imports) has anything to say
  source: `${imports}\n\nexport const used = [probeValue]\n`,
  forbidden,
})

const PROBES: ReadonlyArray<Probe> = [
  // src/domain imports only effect and itself
  probe("domain → effect", "src/domain/cart/probe.ts", 'import { probeValue } from "effect"', false),
  probe(
    "domain → effect/Schema",
    "src/domain/cart/probe.ts",
    'import { probeValue } from "effect/Schema"',
    false,
  ),
  probe(
    "domain → its own area",
    "src/domain/cart/probe.ts",
    'import { probeValue } from "./state.ts"',
    false,
  ),
  probe(
    "domain → another area",
    "src/domain/cart/probe.ts",
    'import { probeValue } from "../shared/money.ts"',
    false,
  ),
  probe(
    "domain → src/api",
    "src/domain/cart/probe.ts",
    'import { probeValue } from "../../api/SeatsApi.ts"',
    true,
  ),
  probe(
    "domain → src/app",
    "src/domain/cart/probe.ts",
    'import { probeValue } from "../../app/cart/db.ts"',
    true,
  ),
  probe("domain → react", "src/domain/cart/probe.ts", 'import { probeValue } from "react"', true),
  probe(
    "domain → dexie (type only)",
    "src/domain/cart/probe.ts",
    'import type { probeValue } from "dexie"',
    true,
  ),
  // src/app and workers never import src/server
  probe(
    "app → src/server",
    "src/app/order/probe.ts",
    'import { probeValue } from "../../server/db/database.ts"',
    true,
  ),
  probe(
    "app → src/api",
    "src/app/order/probe.ts",
    'import { probeValue } from "../../api/SeatsApi.ts"',
    false,
  ),
  probe(
    "workers → src/server",
    "workers/probe.ts",
    'import { probeValue } from "../src/server/time.ts"',
    true,
  ),
  probe(
    "workers → src/domain",
    "workers/probe.ts",
    'import { probeValue } from "../src/domain/cart/state.ts"',
    false,
  ),
  // src/server never imports src/app
  probe(
    "server → src/app",
    "src/server/seats/probe.ts",
    'import { probeValue } from "../../app/lib/api.ts"',
    true,
  ),
  probe(
    "server → its own app.ts",
    "src/server/seats/probe.ts",
    'import { probeValue } from "../app.ts"',
    false,
  ),
  probe(
    "server → src/domain",
    "src/server/seats/probe.ts",
    'import { probeValue } from "../../domain/cart/state.ts"',
    false,
  ),
  // src/cli uses the contract or the domain, not the app's internals
  probe(
    "cli → src/app",
    "src/cli/probe.ts",
    'import { probeValue } from "../app/seating/seatsClient.ts"',
    true,
  ),
  probe("cli → src/api", "src/cli/probe.ts", 'import { probeValue } from "../api/SeatsApi.ts"', false),
  probe(
    "cli → src/domain",
    "src/cli/probe.ts",
    'import { probeValue } from "../domain/cart/events.ts"',
    false,
  ),
  // the seat screen names the cart only as types, or opens it through useCart
  probe(
    "seat screen → cart value",
    "src/app/order/seats/probe.tsx",
    'import { probeValue } from "../../cart/cartLog.ts"',
    true,
  ),
  probe(
    "seat screen → cart domain value",
    "src/app/order/seats/probe.tsx",
    'import { probeValue } from "../../../domain/cart/events.ts"',
    true,
  ),
  probe(
    "seat screen → cart re-exported",
    "src/app/order/seats/probe.tsx",
    'export { probeValue } from "../../cart/cartLog.ts"\nimport { probeValue } from "../../lib/api.ts"',
    true,
  ),
  probe(
    "seat screen's shared files → cart value",
    "src/app/order/Basket.tsx",
    'import { probeValue } from "../cart/eventStore.ts"',
    true,
  ),
  probe(
    "seat screen → cart type",
    "src/app/order/seats/probe.tsx",
    'import type { probeValue } from "../../../domain/cart/state.ts"',
    false,
  ),
  probe(
    "seat screen → useCart",
    "src/app/order/seats/probe.tsx",
    'import { probeValue } from "../../cart/useCart.ts"',
    false,
  ),
  probe(
    "seat screen's lazy chunk → cart value",
    "src/app/order/seats/seatActions.ts",
    'import { probeValue } from "../../cart/cartLog.ts"',
    false,
  ),
  probe(
    "later step → cart value",
    "src/app/order/tickets/probe.tsx",
    'import { probeValue } from "../../cart/cartLog.ts"',
    false,
  ),
  // useCart itself (the seat screen imports it) loads the cart's code lazily
  probe("useCart → cart value", "src/app/cart/useCart.ts", 'import { probeValue } from "./cartLog.ts"', true),
  probe("useCart → react", "src/app/cart/useCart.ts", 'import { probeValue } from "react"', false),
  probe(
    "useCart → cart type",
    "src/app/cart/useCart.ts",
    'import type { probeValue } from "./cartLog.ts"',
    false,
  ),
]

let scratch: string

type Diagnostic = {
  readonly category: string
  readonly severity: string
  readonly location: { readonly path: string }
}

/**
 * Where each probe is written: a file named `probe.ts` gets its index in its name, so that the probes of one
 * folder sit side by side; a probe whose file name matters to a rule (the seat screen's files) keeps it, in a
 * scratch copy of its own when another probe has the same path. Each copy is linted in one Biome run.
 */
const placed = PROBES.map((entry, index) => ({
  entry,
  index,
  path: entry.path.replace(/\/probe\.(tsx?)$/, `/probe-${index}.$1`),
}))
const copies: Array<Array<(typeof placed)[number]>> = []
for (const probe of placed) {
  const copy = copies.find((taken) => taken.every((other) => other.path !== probe.path))
  if (copy === undefined) copies.push([probe])
  else copy.push(probe)
}

const lintOutput = new Map<number, { readonly status: number; readonly output: string }>()

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "marquee-import-rules-"))
  copies.forEach((probes, copyIndex) => {
    const root = join(scratch, `copy-${copyIndex}`)
    mkdirSync(root, { recursive: true })
    cpSync("biome.json", join(root, "biome.json"))
    cpSync("scripts/lint", join(root, "scripts/lint"), { recursive: true })
    for (const { path, entry } of probes) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), entry.source)
    }
    const result = spawnSync(
      join(process.cwd(), "node_modules/.bin/biome"),
      [
        "lint",
        "--vcs-enabled=false",
        "--reporter=json",
        "--max-diagnostics=none",
        ...new Set(probes.map(({ path }) => path.split("/")[0] as string)),
      ],
      { cwd: root, encoding: "utf8", timeout: 60_000 },
    )
    const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: ReadonlyArray<Diagnostic> }
    // a probe's status is what `npm run lint` would say of that file alone: 1 on any error diagnostic
    for (const { path, index } of probes) {
      const own = diagnostics.filter((d) => d.location.path === path && d.severity === "error")
      lintOutput.set(index, { status: own.length > 0 ? 1 : 0, output: JSON.stringify(own) })
    }
  })
}, 300_000)

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe("npm run lint enforces the import rules", () => {
  PROBES.forEach((entry, index) => {
    it(`${entry.forbidden ? "fails" : "passes"}: ${entry.name}`, () => {
      const result = lintOutput.get(index)
      expect(result).toBeDefined()
      if (entry.forbidden) {
        expect(result?.status, result?.output).not.toBe(0)
        expect(result?.output).toMatch(/noRestrictedImports|plugin/)
      } else expect(result?.status, result?.output).toBe(0)
    })
  })
})
