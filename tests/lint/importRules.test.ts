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

/** Each probe in a scratch copy of its own, so that two probes of the same path do not overwrite each other. */
const probeRoot = (index: number) => join(scratch, `case-${index}`)

const lintOutput = new Map<number, { readonly status: number | null; readonly output: string }>()

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "marquee-import-rules-"))
  PROBES.forEach((entry, index) => {
    const root = probeRoot(index)
    mkdirSync(root, { recursive: true })
    cpSync("biome.json", join(root, "biome.json"))
    cpSync("scripts/lint", join(root, "scripts/lint"), { recursive: true })
    mkdirSync(dirname(join(root, entry.path)), { recursive: true })
    writeFileSync(join(root, entry.path), entry.source)
  })
  // each probe in its own Biome run, so that one probe's diagnostic cannot be read as another's
  PROBES.forEach((entry, index) => {
    const root = probeRoot(index)
    const result = spawnSync(
      join(process.cwd(), "node_modules/.bin/biome"),
      ["lint", "--vcs-enabled=false", "--max-diagnostics=50", entry.path],
      { cwd: root, encoding: "utf8", timeout: 60_000 },
    )
    lintOutput.set(index, { status: result.status, output: `${result.stdout}${result.stderr}` })
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
