/**
 * `npm run bench -- cart-log [--appends 1500] [--rounds 150] [--reps 9] [--big-reps 3] [--sizes 1000,10000]
 *   [--in-memory] [--skip-node] [--skip-chromium]`
 *
 * The browser cart log (src/app/cart: the domain fold over Dexie) against raw IndexedDB, in one run, twice:
 * in headless Chromium on its real IndexedDB (a fresh on-disk profile; `--in-memory` uses an incognito
 * context instead, whose IndexedDB lives in memory), and in Node on fake-indexeddb. Both run the same code,
 * bench/support/cartLogMeasure.ts:
 * - append latency of single events (`store.append([event])`, realistic events: seat locks and verdicts,
 *   tickets, products, step timers) against the same rows written one raw readwrite transaction each, and
 *   against raw IndexedDB doing all the store's append transaction does ("raw_same_work", a diagnostic);
 * - replay (`openCartLog`, which resolves after `store.load()`) of carts of 1,000 and 10,000 events, with
 *   the store's snapshots (every 100 events, so the latest snapshot is the whole cart) and without any,
 *   against raw IndexedDB reading the same rows (latest snapshot, `getAll` of the later events) and folding
 *   them with the same fold.
 * Medians of several replays; latency percentiles over all appends. The browser code is bundled with Vite's
 * JS API into a temporary folder and served by a tiny `node:http` server on 127.0.0.1 (cross-origin isolated,
 * so `performance.now()` is fine-grained). Goals (issue 13), ratios to raw IndexedDB in the same Chromium run:
 * append p95 ≤ 1.2 × raw IndexedDB doing the same requests (`raw_same_work`), a 1,000-event replay without
 * snapshots ≤ 1.25 × raw IndexedDB reading the same events, and resuming that cart from its snapshot ≤ 0.1 ×
 * the raw read of all its events.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises"
import type { Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Dexie } from "dexie"
import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { type BrowserContext, chromium } from "playwright-core"
import { build } from "vite"
import { serveBenchPage } from "./support/benchPage.ts"
import type { CartLogBrowserOutcome } from "./support/cartLogBrowser.ts"
import { type CartLogResults, measureCartLog } from "./support/cartLogMeasure.ts"
import { goalsMet } from "./support/goals.ts"

const argValue = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? undefined : process.argv[at + 1]
}
const arg = (name: string, fallback: number) => Number(argValue(name) ?? fallback)
const flag = (name: string) => process.argv.includes(`--${name}`)

// 1,500 appends in rounds of 10 per path: a p95 over 300 samples in 6 rounds moved by ±0.3 between runs of
// one quiet machine, as IndexedDB's commit latency drifts; short rounds put the three paths under the same drift
const APPENDS = arg("appends", 1500)
const ROUNDS = arg("rounds", 150)
const REPS = arg("reps", 9)
const BIG_REPS = arg("big-reps", 3)
const SIZES = (argValue("sizes") ?? "1000,10000").split(",").map(Number)
const IN_MEMORY = flag("in-memory")
const CHROMIUM_TIMEOUT_MS = 6 * 60_000

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--enable-unsafe-swiftshader",
]

const startedAt = performance.now()
const say = (message: string) =>
  process.stderr.write(`[cart-log ${((performance.now() - startedAt) / 1000).toFixed(1)}s] ${message}\n`)

// ── Node: fake-indexeddb ──────────────────────────────────────────────────────────────────────────────────

const runNode = async (): Promise<CartLogResults> => {
  const factory = new IDBFactory()
  // as in a tab: the store's liveQuery follows the global factory
  Dexie.dependencies.indexedDB = factory
  Dexie.dependencies.IDBKeyRange = IDBKeyRange
  return measureCartLog({
    indexedDB: factory,
    IDBKeyRange,
    appends: APPENDS,
    rounds: ROUNDS,
    replaySizes: SIZES,
    replayReps: (size) => (size >= 10_000 ? BIG_REPS : REPS),
    progress: (message) => say(`node: ${message}`),
  })
}

// ── Chromium: real IndexedDB ──────────────────────────────────────────────────────────────────────────────

const bundle = async (outDir: string): Promise<void> => {
  await build({
    configFile: false,
    root: fileURLToPath(new URL("..", import.meta.url)),
    publicDir: false,
    logLevel: "warn",
    // library mode leaves process.env alone; the browser has none
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      sourcemap: false,
      reportCompressedSize: false,
      lib: {
        entry: fileURLToPath(new URL("./support/cartLogBrowser.ts", import.meta.url)),
        formats: ["iife"],
        name: "cartLogBench",
        fileName: () => "bench.js",
      },
    },
  })
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>cart-log bench</title></head>
<body><script src="/bench.js"></script></body></html>`

/** Serves the page and the bundle; cross-origin isolated so `performance.now()` is not coarsened to 100 µs. */
const serve = async (dir: string): Promise<{ server: Server; url: string }> => {
  const script = await readFile(join(dir, "bench.js"))
  return serveBenchPage(PAGE, script)
}

const runChromium = async (): Promise<{ results: CartLogResults; crossOriginIsolated: boolean }> => {
  const temp = await mkdtemp(join(tmpdir(), "marquee-cart-log-"))
  let server: Server | undefined
  let context: BrowserContext | undefined
  let closeBrowser: (() => Promise<void>) | undefined
  try {
    say("chromium: bundling")
    const outDir = join(temp, "dist")
    await bundle(outDir)
    const served = await serve(outDir)
    server = served.server
    say(
      `chromium: launching ${CHROMIUM_PATH} (${IN_MEMORY ? "incognito, in-memory IndexedDB" : "fresh profile"})`,
    )
    if (IN_MEMORY) {
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        headless: true,
      })
      closeBrowser = () => browser.close()
      context = await browser.newContext()
    } else {
      context = await chromium.launchPersistentContext(join(temp, "profile"), {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        headless: true,
      })
      const persistent = context
      closeBrowser = () => persistent.close()
    }
    const page = context.pages()[0] ?? (await context.newPage())
    page.on("pageerror", (error) => say(`chromium page error: ${error.message}`))
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning")
        say(`chromium console: ${message.text()}`)
    })
    const query = new URLSearchParams({
      appends: String(APPENDS),
      rounds: String(ROUNDS),
      sizes: SIZES.join(","),
      reps: String(REPS),
      bigReps: String(BIG_REPS),
    })
    await page.goto(`${served.url}?${query}`)
    const deadline = Date.now() + CHROMIUM_TIMEOUT_MS
    let reported = 0
    let outcome: CartLogBrowserOutcome | undefined
    while (outcome === undefined) {
      if (Date.now() > deadline) throw new Error("chromium: no result within the time limit")
      await new Promise((resolve) => setTimeout(resolve, 250))
      const state = await page.evaluate(() => {
        const bench = window as unknown as {
          __cartLogBench?: CartLogBrowserOutcome
          __cartLogProgress?: Array<string>
        }
        return { outcome: bench.__cartLogBench, progress: bench.__cartLogProgress ?? [] }
      })
      for (const message of state.progress.slice(reported)) say(`chromium: ${message}`)
      reported = state.progress.length
      outcome = state.outcome
    }
    if (!outcome.ok) throw new Error(`chromium: ${outcome.error}`)
    return { results: outcome.results, crossOriginIsolated: outcome.crossOriginIsolated }
  } finally {
    await closeBrowser?.().catch((error: unknown) => say(`closing chromium: ${String(error)}`))
    if (server !== undefined) {
      const open = server
      await new Promise<void>((resolve) => open.close(() => resolve()))
    }
    await rm(temp, { recursive: true, force: true })
  }
}

// ── the JSON line ─────────────────────────────────────────────────────────────────────────────────────────

const round = (n: number, digits = 3) => Number(n.toFixed(digits))
const ratio = (a: number, b: number) => (b > 0 ? round(a / b) : null)

const report = (
  prefix: string,
  results: CartLogResults,
  figures: Record<string, number | boolean>,
  baselines: Record<string, number>,
  ratios: Record<string, number | null>,
) => {
  figures[`${prefix}_append_p50_ms`] = round(results.append.p50)
  figures[`${prefix}_append_p95_ms`] = round(results.append.p95)
  figures[`${prefix}_append_p99_ms`] = round(results.append.p99)
  baselines[`${prefix}_raw_append_p50_ms`] = round(results.rawAppend.p50)
  baselines[`${prefix}_raw_append_p95_ms`] = round(results.rawAppend.p95)
  baselines[`${prefix}_raw_append_p99_ms`] = round(results.rawAppend.p99)
  baselines[`${prefix}_raw_same_work_append_p50_ms`] = round(results.rawSameWorkAppend.p50)
  baselines[`${prefix}_raw_same_work_append_p95_ms`] = round(results.rawSameWorkAppend.p95)
  ratios[`${prefix}_append_p50_vs_raw`] = ratio(results.append.p50, results.rawAppend.p50)
  ratios[`${prefix}_append_p95_vs_raw`] = ratio(results.append.p95, results.rawAppend.p95)
  ratios[`${prefix}_append_p95_vs_raw_same_work`] = ratio(results.append.p95, results.rawSameWorkAppend.p95)
  for (const [key, ms] of Object.entries(results.replay)) {
    const rawMs = results.rawReplay[key] ?? 0
    figures[`${prefix}_replay_${key}_ms`] = round(ms)
    baselines[`${prefix}_raw_replay_${key}_ms`] = round(rawMs)
    ratios[`${prefix}_replay_${key}_vs_raw`] = ratio(ms, rawMs)
  }
  // resuming from a snapshot against reading every event of the same cart raw
  for (const key of Object.keys(results.replay).filter((name) => name.endsWith("_snapshots"))) {
    const full = key.replace("_snapshots", "")
    ratios[`${prefix}_replay_${key}_vs_raw_${full}`] = ratio(
      results.replay[key] ?? 0,
      results.rawReplay[full] ?? 0,
    )
  }
  figures[`${prefix}_append_samples`] = results.append.samples
  figures[`${prefix}_fold_rejections`] = results.rejections
}

const main = async () => {
  const started = performance.now()
  const figures: Record<string, number | boolean> = {}
  const baselines: Record<string, number> = {}
  const ratios: Record<string, number | null> = {}
  let sizes: { eventBytes: number; snapshotBytes: number } | undefined
  if (!flag("skip-chromium")) {
    const chromiumRun = await runChromium()
    report("chromium", chromiumRun.results, figures, baselines, ratios)
    figures.chromium_cross_origin_isolated = chromiumRun.crossOriginIsolated
    sizes = chromiumRun.results
  }
  if (!flag("skip-node")) {
    const nodeResults = await runNode()
    report("node", nodeResults, figures, baselines, ratios)
    sizes ??= nodeResults
  }
  figures.event_bytes = sizes?.eventBytes ?? 0
  figures.snapshot_bytes_at_max_size = sizes?.snapshotBytes ?? 0
  figures.seconds = round((performance.now() - started) / 1000, 1)
  const goals = {
    "ratios.chromium_append_p95_vs_raw_same_work": "<= 1.2",
    "ratios.chromium_replay_1k_vs_raw": "<= 1.25",
    "ratios.chromium_replay_1k_snapshots_vs_raw_1k": "<= 0.1",
  }
  const met = goalsMet({ figures, baselines, ratios }, goals)
  console.log(JSON.stringify({ bench: "cart-log", figures, baselines, ratios, goals, met }))
}

await main()
