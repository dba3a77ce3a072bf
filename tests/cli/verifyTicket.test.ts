import { spawn, spawnSync } from "node:child_process"
import { generateKeyPairSync, sign } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TicketKeys } from "../../src/api/EDocumentsApi.ts"
import type { Confirmation } from "../../src/api/ReservationsApi.ts"
import { makePass, type PassClaims } from "../../src/domain/edocument/ticketPass.ts"
import { embeddedDataDir } from "../_support/databases.ts"
import { embeddedTarget, type RunningServer, startTestServer } from "../_support/testServer.ts"
import { paidOrder } from "../server/payment/_payment.ts"

/**
 * `npm run verify-ticket` as a door's staff would run it: a separate Node process, offline against a keys file and
 * a revocation file, or against a running server. Its verdict is its first word, its exit code 0 only for valid.
 */
const verifyTicket = (...args: Array<string>) =>
  spawnSync(process.execPath, ["src/cli/verifyTicket.ts", ...args], { encoding: "utf8", timeout: 60_000 })

/** Without blocking this process: `--server` talks to a server that runs in it. */
const verifyTicketAsync = (...args: Array<string>) =>
  new Promise<{ status: number | null; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, ["src/cli/verifyTicket.ts", ...args])
    let stdout = ""
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.on("close", (status) => resolve({ status, stdout }))
  })

const { publicKey, privateKey } = generateKeyPairSync("ed25519")
const jwk = publicKey.export({ format: "jwk" })
const keysFile: TicketKeys = {
  keys: [
    {
      kty: "OKP",
      crv: "Ed25519",
      alg: "EdDSA",
      use: "sig",
      kid: "kfile",
      x: jwk.x as string,
      status: "active",
      publishedUntil: null,
    },
  ],
}
const claims: PassClaims = {
  kid: "kfile",
  reservation: "1234567890",
  ticket: "501",
  presentation: 7,
  row: "3",
  seat: "14",
  notBefore: Date.parse("2026-11-27T08:00:00Z") / 1000,
  notAfter: Date.parse("2026-11-27T23:00:00Z") / 1000,
}
const signed = (c: PassClaims) => makePass(c, (m) => new Uint8Array(sign(null, m, privateKey)))
const AT = "2026-11-27T18:00:00Z"

describe("verify-ticket", () => {
  let dir: string
  let keys: string
  let revocations: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "marquee-verify-"))
    keys = join(dir, "keys.json")
    revocations = join(dir, "revocations.json")
    writeFileSync(keys, JSON.stringify(keysFile))
    writeFileSync(revocations, JSON.stringify({ asOf: "2026-11-27T07:00:00Z", revoked: ["502"] }))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("says valid (exit 0) for a genuine pass, with what it names", () => {
    const result = verifyTicket(signed(claims), "--keys", keys, "--revocations", revocations, "--at", AT)
    expect(result.stdout).toMatch(/^valid: ticket 501 of order 1234567890, presentation 7, row 3 seat 14/)
    expect(result.status).toBe(0)
  })

  it("says tampered for one changed character, revoked for a listed ticket, unknown key for another kid", () => {
    const pass = signed(claims)
    const at = pass.indexOf(".") + 12
    const changed = pass.slice(0, at) + (pass[at] === "A" ? "B" : "A") + pass.slice(at + 1)
    const tampered = verifyTicket(changed, "--keys", keys, "--revocations", revocations, "--at", AT)
    expect([tampered.stdout.split(":")[0], tampered.status]).toEqual(["tampered", 1])
    const revoked = verifyTicket(
      signed({ ...claims, ticket: "502" }),
      "--keys",
      keys,
      "--revocations",
      revocations,
      "--at",
      AT,
    )
    expect([revoked.stdout.split(":")[0], revoked.status]).toEqual(["revoked", 1])
    const unknown = verifyTicket(signed({ ...claims, kid: "kother" }), "--keys", keys, "--at", AT)
    expect([unknown.stdout.split(":")[0], unknown.status]).toEqual(["unknown key", 1])
    expect(unknown.stderr).toContain("no revocation list given")
    const late = verifyTicket(
      signed(claims),
      "--keys",
      keys,
      "--revocations",
      revocations,
      "--at",
      "2026-11-28T00:00:00Z",
    )
    expect([late.stdout.split(":")[0], late.status]).toEqual(["expired", 1])
  })

  it("reads the pass from standard input with -, and refuses bad calls and keys files with exit 2", () => {
    const piped = spawnSync(
      process.execPath,
      ["src/cli/verifyTicket.ts", "-", "--keys", keys, "--revocations", revocations, "--at", AT],
      { encoding: "utf8", input: `${signed(claims)}\n` },
    )
    expect([piped.stdout.split(":")[0], piped.status]).toEqual(["valid", 0])
    expect(verifyTicket(signed(claims)).status).toBe(2)
    writeFileSync(join(dir, "bad.json"), JSON.stringify({ keys: [{ kid: "x" }] }))
    const bad = verifyTicket(signed(claims), "--keys", join(dir, "bad.json"))
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain("is not what the server publishes")
  })

  it("is wired as npm run verify-ticket", () => {
    const result = spawnSync(
      process.execPath,
      ["scripts/bootstrap.cjs", "verify-ticket", signed(claims), "--keys", keys, "--at", AT],
      { encoding: "utf8", timeout: 60_000 },
    )
    expect([result.stdout.split(":")[0], result.status]).toEqual(["valid", 0])
  })

  describe("--server", () => {
    let server: RunningServer
    let serverDir: string
    beforeAll(async () => {
      serverDir = await embeddedDataDir("verify-server")
      server = await startTestServer(embeddedTarget(serverDir))
    })
    afterAll(async () => {
      await server.close()
      rmSync(serverDir, { recursive: true, force: true })
    })

    it("checks a bought ticket's pass against the server's published keys", async () => {
      const order = await paidOrder(server, [])
      const doc = (await (
        await fetch(`${server.baseUrl}/api/edocuments/${order.key}`)
      ).json()) as Confirmation
      const pass = doc.tickets[0]?.pass as string
      const at = doc.presentation?.dateTime ?? ""
      const genuine = await verifyTicketAsync(pass, "--server", server.baseUrl, "--at", at)
      expect(genuine.stdout).toContain(
        `valid: ticket ${doc.tickets[0]?.ticketIdentifier} of order ${order.identifier}`,
      )
      expect(genuine.status).toBe(0)
      // the same pass with its seat changed and the signature kept
      const forged = pass.replace(/^MQT1\.([^.]+)\./, (_, claimsPart: string) => {
        const fields = JSON.parse(Buffer.from(claimsPart, "base64url").toString("utf8")) as Array<unknown>
        fields[5] = `${String(fields[5])}9`
        return `MQT1.${Buffer.from(JSON.stringify(fields)).toString("base64url")}.`
      })
      const refused = await verifyTicketAsync(forged, "--server", server.baseUrl, "--at", at)
      expect([refused.stdout.split(":")[0], refused.status]).toEqual(["tampered", 1])
    })
  })
})
