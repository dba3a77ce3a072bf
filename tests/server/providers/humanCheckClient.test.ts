import { rmSync } from "node:fs"
import { ConfigProvider, Effect, Layer, ManagedRuntime } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { HumanCheckChallenge } from "../../../src/api/HumanCheckApi.ts"
import { solveHumanCheck } from "../../../src/app/lib/humanCheck.ts"
import { databaseLayer } from "../../../src/server/db/database.ts"
import { altchaHumanCheckLayer } from "../../../src/server/providers/humanCheck/altchaHumanCheck.ts"
import { HumanCheck } from "../../../src/server/providers/humanCheck/HumanCheck.ts"
import { embeddedDataDir } from "../../_support/databases.ts"

/**
 * The browser side against the server side: `solveHumanCheck` (through workers/humanCheck.ts, or on the main
 * thread without a Worker) must produce exactly the token the altcha adapter accepts. Node has no Web Worker,
 * so a stand-in runs the worker module in this thread with the same message protocol.
 */
let dataDir = ""
let runtime: ManagedRuntime.ManagedRuntime<HumanCheck, unknown>

beforeAll(async () => {
  // a copy of the run's migrated (and seeded) template: migrating an empty PGlite here took up to a minute
  dataDir = await embeddedDataDir("human-check-client")
  runtime = ManagedRuntime.make(
    altchaHumanCheckLayer.pipe(
      Layer.provide(ConfigProvider.layer(ConfigProvider.fromUnknown({ HUMAN_CHECK_MAX_NUMBER: 2_000 }))),
      Layer.provide(databaseLayer({ _tag: "Embedded", dataDir })),
    ),
  )
  await runtime.runPromise(Effect.void)
})

afterAll(async () => {
  await runtime?.dispose()
  if (dataDir !== "") rmSync(dataDir, { recursive: true, force: true })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const issue = () => runtime.runPromise(HumanCheck.use((humanCheck) => humanCheck.challenge))
const verify = (token: string) =>
  runtime.runPromise(
    HumanCheck.use((humanCheck) => humanCheck.verify(token, "client-test")).pipe(
      Effect.as("ok" as const),
      Effect.catchTag("HumanCheckFailed", (failure) => Effect.succeed(failure.error)),
    ),
  )

/** `fetch` answering the challenge endpoint from the adapter; remembers what it was asked. */
const serveChallenges = () => {
  const requested: Array<string> = []
  vi.stubGlobal("fetch", async (input: string) => {
    requested.push(input)
    const challenge: HumanCheckChallenge = await issue()
    return new Response(JSON.stringify(challenge), { headers: { "content-type": "application/json" } })
  })
  return requested
}

type Listener = (event: { data: unknown }) => void

/** The worker's global scope and a `Worker` that talks to it in this thread. */
const installWorkerStandIn = async () => {
  const workerSide: Array<Listener> = []
  let pageSide: Array<Listener> = []
  const created: Array<{ url: string; options: unknown; terminated: boolean }> = []
  vi.stubGlobal("self", {
    addEventListener: (type: string, listener: Listener) => {
      if (type === "message") workerSide.push(listener)
    },
    postMessage: (data: unknown) => {
      for (const listener of pageSide) listener({ data })
    },
  })
  class StandInWorker {
    readonly record: { url: string; options: unknown; terminated: boolean }
    constructor(url: URL, options: unknown) {
      this.record = { url: url.href, options, terminated: false }
      created.push(this.record)
      pageSide = []
    }
    addEventListener(type: string, listener: Listener) {
      if (type === "message") pageSide.push(listener)
    }
    postMessage(data: unknown) {
      for (const listener of workerSide) listener({ data })
    }
    terminate() {
      this.record.terminated = true
    }
  }
  vi.stubGlobal("Worker", StandInWorker)
  // Registers the worker's message listener on the stand-in `self`. Imported by URL so that the page's
  // typecheck does not take in a file written against the WebWorker lib (workers/tsconfig.json checks it).
  await import(new URL("../../../workers/humanCheck.ts", import.meta.url).href)
  return created
}

describe("solveHumanCheck", () => {
  it("solves on the main thread where there is no Worker, and the server accepts the token once", async () => {
    vi.stubGlobal("Worker", undefined)
    const requested = serveChallenges()
    const token = await solveHumanCheck()
    expect(requested).toEqual(["/api/human-check/challenge"])
    expect(await verify(token)).toBe("ok")
    expect(await verify(token)).toBe("RECAPTCHA_REQUIRED")
  })

  it("solves in the module worker and terminates it", async () => {
    serveChallenges()
    const created = await installWorkerStandIn()
    const token = await solveHumanCheck()
    expect(await verify(token)).toBe("ok")
    expect(created).toHaveLength(1)
    expect(created[0]?.url).toMatch(/\/workers\/humanCheck\.ts$/)
    expect(created[0]?.options).toEqual({ type: "module" })
    expect(created[0]?.terminated).toBe(true)
  })

  it("rejects with the abort reason when aborted", async () => {
    vi.stubGlobal("Worker", undefined)
    serveChallenges()
    const controller = new AbortController()
    controller.abort(new Error("left the page"))
    await expect(solveHumanCheck(controller.signal)).rejects.toThrow("left the page")
  })
})
