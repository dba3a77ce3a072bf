/**
 * `npm run bench -- offline-start [--reps 3]`
 *
 * Issue 17: in Chromium, with the app installed (its service worker in control) and the network off, a cold
 * start — a new browser process on the same profile — of `/edocument/{key}` and of `/wallet` to the first
 * ticket's QR code drawn, against a baseline in the same run: a cold start of a static file the same service
 * worker serves from its precache (`/favicon.svg`). Each figure is the median of `reps` fresh browser processes,
 * timed from the navigation's start to the QR image decoded (or the baseline's load). Also prints the JavaScript
 * chunks the e-ticket route loaded cold: none may be the seat map's, the payment's or the order steps'.
 *
 * The order is bought over HTTP on a scratch PostgreSQL database (the server seeds it as it starts), the way
 * the load bench buys; the browser opens the e-ticket once online, which keeps it in the wallet.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type BrowserContext, type CDPSession, chromium, type Page } from "@playwright/test"
import { CHROMIUM_ARGS } from "../e2e/chromiumFlags.ts"
import { pinClock } from "../e2e/fixtures.ts"
import { walletHolds } from "../e2e/wallet.ts"
import { newCart } from "../tests/_support/humanCheck.ts"
import { createScratchDatabase } from "../tests/_support/postgres.ts"
import { queryOn, startServerProcess, stopServerProcess } from "../tests/_support/serverProcess.ts"
import type { RunningServer } from "../tests/_support/testServer.ts"
import {
  commitCart,
  freshStage,
  openForm,
  orderState,
  payByCard,
  postCommit,
  seatCall,
} from "../tests/server/payment/_payment.ts"
import { goalsMet } from "./support/goals.ts"

const repsArg = process.argv.indexOf("--reps")
const REPS = repsArg > 0 ? Number(process.argv[repsArg + 1]) : 3

/**
 * `BENCH_TRACE=<dir>`: each cold start also writes a V8 CPU profile of its page (`*.cpuprofile`) and prints its
 * timeline to stderr (the navigation's phases and each resource's start and end, ms from the navigation's start),
 * to see where a cold start's time goes. The profiler slows the page a little: figures of a traced run are not
 * the bench's figures.
 */
const TRACE_DIR = process.env.BENCH_TRACE
let traced = 0

const writeTrace = async (page: Page, cdp: CDPSession, path: string, ms: number) => {
  const { profile } = await cdp.send("Profiler.stop")
  const name = `${String(traced++).padStart(2, "0")}-${path.split("/")[1]?.split("?")[0] || "root"}`
  mkdirSync(TRACE_DIR ?? ".", { recursive: true })
  writeFileSync(join(TRACE_DIR ?? ".", `${name}.cpuprofile`), JSON.stringify(profile))
  const timeline = await page.evaluate(() =>
    performance.getEntries().map((entry) => {
      const timing = entry as PerformanceResourceTiming
      return `${entry.entryType} ${entry.name.replace(location.origin, "")} ${entry.startTime.toFixed(0)}→${(
        entry.startTime + entry.duration
      ).toFixed(0)}${timing.responseStart > 0 ? ` (response ${timing.responseStart.toFixed(0)})` : ""}${
        entry.entryType === "navigation"
          ? ` domInteractive ${(entry as PerformanceNavigationTiming).domInteractive.toFixed(0)}`
          : ""
      }`
    }),
  )
  console.error(`-- ${name}: ${ms.toFixed(0)} ms\n${timeline.join("\n")}`)
}

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/**
 * A browser on the profile, its pages on the server's pinned clock (as the journeys' are): the ticket bought on the
 * pinned day must be upcoming for the wallet whatever day the benchmark runs on.
 */
const launch = async (profile: string, baseURL: string, offline: boolean): Promise<BrowserContext> => {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    baseURL,
    offline,
  })
  await pinClock(context)
  return context
}

/** A paid order of two seats, bought over HTTP; its e-document key. */
const buyOrder = async (server: RunningServer): Promise<string> => {
  const stage = await freshStage(server, [])
  const cart = await newCart(server.baseUrl)
  const lock = await seatCall(server, "lock-seat", cart, stage, [0, 1])
  if (lock.status !== 200) throw new Error(`lock: ${lock.status}`)
  const commit = await postCommit(server, cart, crypto.randomUUID(), commitCart(stage, [0, 1]))
  if (commit.status !== 200) throw new Error(`commit: ${commit.status}`)
  const order = (await commit.json()) as { reservationIdentifier: string }
  const form = await openForm(server, cart, order.reservationIdentifier)
  const paid = await payByCard(server, form)
  if (paid.status !== 303) throw new Error(`pay: ${paid.status}`)
  const key = (await orderState(server, order.reservationIdentifier))?.documentKey
  if (key == null) throw new Error("no document key")
  return key
}

const QR_DRAWN = () => {
  const image = document.querySelector<HTMLImageElement>("[data-testid='ticket-pass-qr']")
  return image?.complete === true && image.naturalWidth > 0
}

/** One cold start offline: ms from the navigation's start to `ready`, and the JS chunks the page loaded. */
const coldStart = async (
  profile: string,
  baseURL: string,
  path: string,
  ready: (page: Page) => Promise<void>,
) => {
  const context = await launch(profile, baseURL, true)
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    const chunks: Array<string> = []
    page.on("request", (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.endsWith(".js")) chunks.push(pathname.replace("/assets/", ""))
    })
    const cdp = TRACE_DIR === undefined ? undefined : await context.newCDPSession(page)
    if (cdp !== undefined) {
      await cdp.send("Profiler.enable")
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 })
      await cdp.send("Profiler.start")
    }
    const started = performance.now()
    await page.goto(path, { waitUntil: "commit" })
    await ready(page)
    const ms = performance.now() - started
    if (cdp !== undefined && TRACE_DIR !== undefined) await writeTrace(page, cdp, path, ms)
    return { ms, chunks }
  } finally {
    await context.close()
  }
}

const main = async () => {
  const database = await createScratchDatabase("offlinestart")
  const server = await startServerProcess({
    env: {
      DATABASE_URL: database.url,
      MAX_SEATS_PER_CLIENT: "0",
      MAX_SEATS_PER_CLIENT_MINUTE: "0",
      OUTBOX_SENDER: "false",
    },
    timeoutMs: 400_000,
  })
  const profile = mkdtempSync(join(tmpdir(), "marquee-offline-start-"))
  try {
    const running = { baseUrl: server.baseUrl, query: queryOn(database.url) } as RunningServer
    const key = await buyOrder(running)

    // installed: the worker controls the app, and the e-ticket was opened once with signal (so it is saved)
    const online = await launch(profile, server.baseUrl, false)
    const page = online.pages()[0] ?? (await online.newPage())
    await page.goto("/?lang=en")
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 120_000,
    })
    await page.goto(`/edocument/${key}?lang=en`)
    await page.waitForFunction(QR_DRAWN, undefined, { timeout: 120_000 })
    // the copy is written once the e-ticket's answer is in: wait for it, as a buyer's phone would have it
    for (let tries = 0; !(await walletHolds(page, key)); tries++) {
      if (tries > 600) throw new Error("the e-ticket was not kept in the wallet")
      await page.waitForTimeout(100)
    }
    await page.goto("/wallet?lang=en")
    await page.getByTestId("wallet-entry").first().waitFor({ timeout: 180_000 })
    await online.close()

    const baseline: Array<number> = []
    const edocument: Array<number> = []
    const wallet: Array<number> = []
    let edocumentChunks: ReadonlyArray<string> = []
    for (let rep = 0; rep < REPS; rep += 1) {
      baseline.push(
        (await coldStart(profile, server.baseUrl, "/favicon.svg", (p) => p.waitForLoadState("load"))).ms,
      )
      const doc = await coldStart(profile, server.baseUrl, `/edocument/${key}?lang=en`, async (p) => {
        await p.waitForFunction(QR_DRAWN, undefined, { timeout: 60_000 })
      })
      edocument.push(doc.ms)
      edocumentChunks = doc.chunks
      wallet.push(
        (
          await coldStart(profile, server.baseUrl, "/wallet?lang=en", async (p) => {
            await p.getByTestId("wallet-entry").first().getByRole("link").click()
            await p.waitForFunction(QR_DRAWN, undefined, { timeout: 60_000 })
          })
        ).ms,
      )
    }
    // chunks of the seat map (and regl), the payment, or the order's step routes (`order._presentationId…`); not
    // the small domain helpers the e-ticket itself uses (`orderIdentifier`, `orderHeadline`: the reservation
    // number and the headline), nor the booking layout's shell (`_booking`), which the e-ticket route sits in
    const forbidden = edocumentChunks.filter((chunk) =>
      /seat[-_]?map|regl|payment|pay[A-Z.]|order\._presentationId|order\.index/i.test(chunk),
    )
    console.log(`e-ticket route chunks (cold, offline): ${edocumentChunks.join(", ")}`)
    const round = (n: number) => Number(n.toFixed(1))
    const figures = {
      edocument_cold_ms: round(median(edocument)),
      wallet_to_qr_cold_ms: round(median(wallet)),
      edocument_chunks: edocumentChunks.length,
      edocument_forbidden_chunks: forbidden.length,
    }
    const baselines = { static_page_cold_ms: round(median(baseline)) }
    const ratios = {
      edocument_vs_static: Number((figures.edocument_cold_ms / baselines.static_page_cold_ms).toFixed(3)),
      wallet_vs_static: Number((figures.wallet_to_qr_cold_ms / baselines.static_page_cold_ms).toFixed(3)),
    }
    const goals = {
      "ratios.edocument_vs_static": "<= 1.5",
      "ratios.wallet_vs_static": "<= 1.5",
      "figures.edocument_forbidden_chunks": "<= 0",
    }
    console.log(
      JSON.stringify({
        bench: "offline-start",
        figures,
        baselines,
        ratios,
        goals,
        met: goalsMet({ figures, baselines, ratios }, goals),
      }),
    )
  } finally {
    await stopServerProcess(server)
    rmSync(profile, { recursive: true, force: true })
    await database.drop()
  }
}

await main()
