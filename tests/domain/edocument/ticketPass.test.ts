import { generateKeyPairSync, sign, verify } from "node:crypto"
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  judgePass,
  makePass,
  type PassChecks,
  type PassClaims,
  passWindow,
  readPass,
} from "../../../src/domain/edocument/ticketPass.ts"

/** The pass format (src/domain/edocument/ticketPass.ts): what it encodes, and what a door makes of a changed one. */

const pair = () => generateKeyPairSync("ed25519")
const door = pair()
const stranger = pair()
const signer =
  (privateKey = door.privateKey) =>
  (message: Uint8Array) =>
    new Uint8Array(sign(null, message, privateKey))

const claims: PassClaims = {
  kid: "kdoor",
  reservation: "1234567890",
  ticket: "4711",
  presentation: 42,
  row: "ז",
  seat: "12",
  ...passWindow(Date.parse("2026-11-27T20:30:00+02:00"), 120),
}
const atShow = Date.parse("2026-11-27T20:30:00+02:00") / 1000

const checks = (overrides: Partial<PassChecks> = {}): PassChecks => ({
  verifierFor: (kid) =>
    kid === "kdoor" ? (message, signature) => verify(null, message, door.publicKey, signature) : undefined,
  isRevoked: () => false,
  now: atShow,
  ...overrides,
})

describe("ticket pass", () => {
  it("reads back exactly the claims it was made from, in a QR-sized text", () => {
    const pass = makePass(claims, signer())
    expect(pass).toMatch(/^MQT1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/)
    expect(pass.length).toBeLessThan(260)
    const read = readPass(pass)
    expect(Result.isSuccess(read) && read.success.claims).toEqual(claims)
    // unnumbered places carry no row or seat
    const standing = { ...claims, row: null, seat: null }
    const again = readPass(makePass(standing, signer()))
    expect(Result.isSuccess(again) && again.success.claims).toEqual(standing)
  })

  it("is valid from 12 hours before the start to an hour after the end (4 hours long when the length is unknown)", () => {
    const start = Date.parse("2026-11-27T20:30:00+02:00")
    expect(passWindow(start, 120)).toEqual({
      notBefore: start / 1000 - 12 * 3600,
      notAfter: start / 1000 + 120 * 60 + 3600,
    })
    expect(passWindow(start, null).notAfter).toBe(start / 1000 + 4 * 3600 + 3600)
    const pass = makePass(claims, signer())
    expect(judgePass(pass, checks({ now: claims.notBefore - 1 })).verdict).toBe("notYetValid")
    expect(judgePass(pass, checks({ now: claims.notBefore })).verdict).toBe("valid")
    expect(judgePass(pass, checks({ now: claims.notAfter })).verdict).toBe("valid")
    expect(judgePass(pass, checks({ now: claims.notAfter + 1 })).verdict).toBe("expired")
  })

  it("is valid when genuine, revoked when its ticket is listed, unknownKey for a key the door lacks", () => {
    const pass = makePass(claims, signer())
    expect(judgePass(pass, checks())).toEqual({ verdict: "valid", claims })
    expect(judgePass(pass, checks({ isRevoked: (t) => t === "4711" }))).toEqual({
      verdict: "revoked",
      claims,
    })
    expect(judgePass(makePass({ ...claims, kid: "knew" }, signer()), checks())).toEqual({
      verdict: "unknownKey",
      kid: "knew",
    })
  })

  it("refuses as tampered a pass signed by another key under our kid, or with its claims re-signed", () => {
    expect(judgePass(makePass(claims, signer(stranger.privateKey)), checks()).verdict).toBe("tampered")
    // claims swapped for another seat's, the genuine signature kept
    const genuine = makePass(claims, signer())
    const other = makePass({ ...claims, seat: "13" }, signer(stranger.privateKey))
    const spliced = `${other.split(".").slice(0, 2).join(".")}.${genuine.split(".")[2]}`
    expect(judgePass(spliced, checks()).verdict).toBe("tampered")
  })

  it("never lets a pass with any one character changed in", () => {
    const pass = makePass(claims, signer())
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!"
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: pass.length - 1 }),
        fc.constantFrom(...alphabet),
        (at, replacement) => {
          fc.pre(pass[at] !== replacement)
          const changed = pass.slice(0, at) + replacement + pass.slice(at + 1)
          const verdict = judgePass(changed, checks()).verdict
          // a changed kid can only name a key the door lacks; everything else is caught by the signature
          expect(["tampered", "foreign", "unknownKey"]).toContain(verdict)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it("tells another QR code (foreign) from a damaged pass (tampered)", () => {
    expect(judgePass("https://example.com/ticket/1", checks()).verdict).toBe("foreign")
    expect(judgePass("MQ1:1234567890:2", checks()).verdict).toBe("foreign")
    const pass = makePass(claims, signer())
    expect(judgePass(pass.slice(0, -10), checks()).verdict).toBe("tampered")
    expect(judgePass(`${pass}.x`, checks()).verdict).toBe("tampered")
    expect(judgePass("MQT1.e30.AAAA", checks()).verdict).toBe("tampered")
    // leading and trailing whitespace from a scanner is not a change
    expect(judgePass(` ${pass}\n`, checks()).verdict).toBe("valid")
  })
})
