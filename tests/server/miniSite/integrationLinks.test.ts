import { describe, expect, it } from "vitest"
import { LINK_MAX_AGE_SECONDS, linkSigner, signLink } from "../../../src/server/miniSite/integrationLinks.ts"

const signers = [
  { id: 1, secret: "techplus-demo-secret-0001" },
  { id: 2, secret: "student-union-demo-secret-02" },
]
const now = Date.UTC(2026, 10, 22, 10, 0, 0)
const ts = String(now / 1000)
const link = (ret: string, at = ts, secret = signers[0]?.secret ?? "") => ({
  TS: at,
  ret,
  key: signLink(secret, at, ret),
})

describe("integration links", () => {
  it("names the partner whose secret signed the link", () => {
    expect(linkSigner(link("/order/100001"), signers, now)).toBe(1)
    expect(linkSigner(link("/", ts, "student-union-demo-secret-02"), signers, now)).toBe(2)
    // upper-case hex is the same signature
    const upper = link("/order/7")
    expect(linkSigner({ ...upper, key: upper.key.toUpperCase() }, signers, now)).toBe(1)
  })

  it("matches the README's worked example", () => {
    // src/server/miniSite/README.md
    expect(signLink("techplus-demo-secret-0001", "1795860000", "/order/100001")).toBe(README_KEY)
  })

  it("refuses an old, a future, a re-aimed or a foreign link", () => {
    const old = String(now / 1000 - LINK_MAX_AGE_SECONDS - 1)
    expect(linkSigner(link("/order/1", old), signers, now)).toBeNull()
    expect(linkSigner(link("/order/1", String(now / 1000 - LINK_MAX_AGE_SECONDS)), signers, now)).toBe(1)
    expect(linkSigner(link("/order/1", String(now / 1000 + 61)), signers, now)).toBeNull()
    expect(linkSigner({ ...link("/order/1"), ret: "/order/2" }, signers, now)).toBeNull()
    expect(linkSigner(link("/order/1", ts, "someone-elses-secret"), signers, now)).toBeNull()
    for (const ret of [
      "https://evil.example",
      "//evil.example",
      "/order/0",
      "/order/1/../x",
      "/customer",
      "/order/1?x=1",
    ])
      expect(linkSigner(link(ret), signers, now)).toBeNull()
    for (const TS of ["", "-1", "1e9", " 1795860000", "17958600000000"])
      expect(linkSigner(link("/order/1", TS), signers, now)).toBeNull()
    expect(linkSigner({ ...link("/order/1"), key: "zz" }, signers, now)).toBeNull()
  })
})

const README_KEY = "cca6102ec1bc937d9f7e8d64f084c4166d29fecc30502261433239e875aaad8e"
