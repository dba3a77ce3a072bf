import { rmSync } from "node:fs"
import { solveChallenge } from "altcha-lib/v1"
import { ConfigProvider, Effect, Layer, ManagedRuntime } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { HumanCheckChallenge } from "../../../src/api/HumanCheckApi.ts"
import { databaseLayer } from "../../../src/server/db/database.ts"
import { altchaHumanCheckLayer } from "../../../src/server/providers/humanCheck/altchaHumanCheck.ts"
import { HumanCheck } from "../../../src/server/providers/humanCheck/HumanCheck.ts"
import { embeddedDataDir } from "../../_support/databases.ts"

/**
 * The altcha adapter against a real (embedded, migrated) database: issue, solve as a browser would, verify.
 * A low HUMAN_CHECK_MAX_NUMBER keeps solving to a few milliseconds.
 */
const MAX_NUMBER = 2_000
const lowDifficulty = ConfigProvider.layer(ConfigProvider.fromUnknown({ HUMAN_CHECK_MAX_NUMBER: MAX_NUMBER }))
const humanCheckLayer = altchaHumanCheckLayer.pipe(Layer.provide(lowDifficulty))

let dataDir = ""
let runtime: ManagedRuntime.ManagedRuntime<HumanCheck | SqlClient.SqlClient, unknown>

beforeAll(async () => {
  // a copy of the run's migrated (and seeded) template: migrating an empty PGlite here took up to a minute
  dataDir = await embeddedDataDir("human-check")
  runtime = ManagedRuntime.make(
    humanCheckLayer.pipe(Layer.provideMerge(databaseLayer({ _tag: "Embedded", dataDir }))),
  )
  await runtime.runPromise(Effect.void)
})

afterAll(async () => {
  await runtime?.dispose()
  if (dataDir !== "") rmSync(dataDir, { recursive: true, force: true })
})

const run = <A, E>(effect: Effect.Effect<A, E, HumanCheck | SqlClient.SqlClient>) =>
  runtime.runPromise(effect)

/** What workers/humanCheck.ts does in the browser. */
const solve = async (challenge: HumanCheckChallenge, number?: number): Promise<string> => {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise
  if (solution === null) throw new Error("challenge not solvable")
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: number ?? solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: solution.took,
  }
  return Buffer.from(JSON.stringify(payload)).toString("base64")
}

const issue = HumanCheck.use((humanCheck) => humanCheck.challenge)
const freshToken = async () => solve(await run(issue))

/** The verification's outcome: "ok" or the failure's code. */
const verify = (token: string | undefined, client: string) =>
  HumanCheck.use((humanCheck) => humanCheck.verify(token, client)).pipe(
    Effect.as("ok" as const),
    Effect.catchTag("HumanCheckFailed", (failure) => Effect.succeed(failure.error)),
  )

describe("altcha human check", () => {
  it("issues a signed SHA-256 challenge with the configured difficulty and a 10 minute expiry", async () => {
    const before = Math.floor(Date.now() / 1000)
    const challenge = await run(issue)
    expect(challenge.algorithm).toBe("SHA-256")
    expect(challenge.maxnumber).toBe(MAX_NUMBER)
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    const expires = Number(new URLSearchParams(challenge.salt.split("?")[1]).get("expires"))
    expect(expires).toBeGreaterThanOrEqual(before + 600)
    expect(expires).toBeLessThanOrEqual(before + 601)
  })

  it("accepts a solved challenge once; the same token again is refused", async () => {
    const token = await freshToken()
    expect(await run(verify(token, "once"))).toBe("ok")
    expect(await run(verify(token, "once"))).toBe("RECAPTCHA_REQUIRED")
  })

  it("refuses a token whose number was changed", async () => {
    const challenge = await run(issue)
    const good = JSON.parse(Buffer.from(await solve(challenge), "base64").toString()) as { number: number }
    const tampered = await solve(challenge, (good.number + 1) % (MAX_NUMBER + 1))
    expect(await run(verify(tampered, "tamper"))).toBe("RECAPTCHA_REQUIRED")
  })

  it("refuses a missing, empty or undecodable token", async () => {
    expect(await run(verify(undefined, "missing-1"))).toBe("RECAPTCHA_REQUIRED")
    expect(await run(verify("", "missing-2"))).toBe("RECAPTCHA_REQUIRED")
    expect(await run(verify("not base64 at all!", "missing-3"))).toBe("RECAPTCHA_REQUIRED")
    expect(await run(verify(Buffer.from("{}").toString("base64"), "missing-4"))).toBe("RECAPTCHA_REQUIRED")
  })

  it("answers recaptcha_repeated from a client's third failure, for that client only, until it succeeds", async () => {
    // failures count in 10-minute windows from the epoch: every try at one window's start, so none straddles two
    const windowStart = Math.floor(Date.now() / 600_000) * 600_000
    const at = (token: string | undefined, client: string) =>
      run(
        Effect.gen(function* () {
          yield* TestClock.setTime(windowStart)
          return yield* verify(token, client)
        }).pipe(Effect.provide(TestClock.layer())),
      )
    expect(await at(undefined, "repeat")).toBe("RECAPTCHA_REQUIRED")
    expect(await at("garbage", "repeat")).toBe("RECAPTCHA_REQUIRED")
    expect(await at(undefined, "repeat")).toBe("recaptcha_repeated")
    expect(await at(undefined, "bystander")).toBe("RECAPTCHA_REQUIRED")
    expect(await at(undefined, "repeat")).toBe("recaptcha_repeated")
    // A success clears the count.
    expect(await at(await freshToken(), "repeat")).toBe("ok")
    expect(await at(undefined, "repeat")).toBe("RECAPTCHA_REQUIRED")
  })

  it("counts a client's failures across processes: the third, on another process, is recaptcha_repeated", async () => {
    // failures are counted in 10-minute windows from the epoch: start at one, so the three fall in the same one
    const windowStart = Math.floor(Date.now() / 600_000) * 600_000
    const otherProcess = Layer.fresh(humanCheckLayer)
    const outcomes = await run(
      Effect.gen(function* () {
        yield* TestClock.setTime(windowStart)
        const first = yield* verify(undefined, "two-processes")
        const second = yield* verify("garbage", "two-processes")
        const third = yield* verify(undefined, "two-processes").pipe(Effect.provide(otherProcess))
        return [first, second, third]
      }).pipe(Effect.provide(TestClock.layer())),
    )
    expect(outcomes).toEqual(["RECAPTCHA_REQUIRED", "RECAPTCHA_REQUIRED", "recaptcha_repeated"])
    const kept = await run(
      Effect.flatMap(
        SqlClient.SqlClient,
        (sql) =>
          sql<{ used: number }>`SELECT used FROM rate_limits WHERE key = 'humanCheckFailed:two-processes'`,
      ),
    )
    expect(kept).toEqual([{ used: 3 }])
  })

  it("forgets failures older than 10 minutes", async () => {
    const outcome = await run(
      Effect.gen(function* () {
        yield* TestClock.setTime(Date.now())
        yield* verify(undefined, "patient")
        yield* verify(undefined, "patient")
        yield* TestClock.adjust("11 minutes")
        return yield* verify(undefined, "patient")
      }).pipe(Effect.provide(TestClock.layer())),
    )
    expect(outcome).toBe("RECAPTCHA_REQUIRED")
  })

  it("accepts a challenge within 10 minutes and refuses it after", async () => {
    const [early, late] = await run(
      Effect.gen(function* () {
        yield* TestClock.setTime(Date.now())
        const first = yield* issue
        const second = yield* issue
        const tokens = yield* Effect.promise(() => Promise.all([solve(first), solve(second)]))
        yield* TestClock.adjust("9 minutes")
        const early = yield* verify(tokens[0], "clock")
        yield* TestClock.adjust("2 minutes")
        const late = yield* verify(tokens[1], "clock")
        return [early, late] as const
      }).pipe(Effect.provide(TestClock.layer())),
    )
    expect(early).toBe("ok")
    expect(late).toBe("RECAPTCHA_REQUIRED")
  })

  it("shares its key through server_secrets, so another process verifies (once) what this one issued", async () => {
    const token = await freshToken()
    const otherProcess = Layer.fresh(humanCheckLayer)
    const outcomes = await run(
      Effect.gen(function* () {
        const first = yield* verify(token, "other-process")
        const again = yield* verify(token, "other-process")
        return [first, again]
      }).pipe(Effect.provide(otherProcess)),
    )
    expect(outcomes).toEqual(["ok", "RECAPTCHA_REQUIRED"])
    const secrets = await run(
      Effect.flatMap(
        SqlClient.SqlClient,
        (sql) => sql`SELECT name FROM server_secrets WHERE name LIKE 'human_check%'`,
      ),
    )
    // one key, made by the first process and read by the other (the seeded copy holds other secrets too)
    expect(secrets).toEqual([{ name: "human_check_hmac" }])
  })

  it("signs with HUMAN_CHECK_HMAC_KEY when it is set", async () => {
    const token = await freshToken()
    const configured = altchaHumanCheckLayer.pipe(
      Layer.fresh,
      Layer.provide(
        ConfigProvider.layer(
          ConfigProvider.fromUnknown({
            HUMAN_CHECK_MAX_NUMBER: MAX_NUMBER,
            HUMAN_CHECK_HMAC_KEY: "configured",
          }),
        ),
      ),
    )
    const [foreign, own] = await run(
      Effect.gen(function* () {
        const foreign = yield* verify(token, "configured")
        const challenge = yield* issue
        const ownToken = yield* Effect.promise(() => solve(challenge))
        const own = yield* verify(ownToken, "configured")
        return [foreign, own] as const
      }).pipe(Effect.provide(configured)),
    )
    expect(foreign).toBe("RECAPTCHA_REQUIRED")
    expect(own).toBe("ok")
  })

  it("deletes spent signatures past their expiry now and then", async () => {
    await run(
      Effect.flatMap(
        SqlClient.SqlClient,
        (sql) => sql`
          INSERT INTO human_check_spent (signature, expires_at)
          VALUES ('stale', now() - interval '1 hour'), ('current', now() + interval '1 hour')`,
      ),
    )
    await run(
      Effect.gen(function* () {
        for (let i = 0; i < 100; i++) yield* verify(undefined, `prune-${i}`)
      }).pipe(Effect.provide(Layer.fresh(humanCheckLayer))),
    )
    const rows = await run(
      Effect.flatMap(
        SqlClient.SqlClient,
        (sql) => sql<{ signature: string }>`
          SELECT signature FROM human_check_spent WHERE signature IN ('stale', 'current') ORDER BY signature`,
      ),
    )
    expect(rows).toEqual([{ signature: "current" }])
  })
})
