import { describe, expect, it } from "vitest"
import { externalLinkOf, mayRedirect, parseHostList } from "../../../src/domain/shared/externalLink.ts"

const allowed = parseHostList(" www.youtube.com, Partner.Example ,")
const hostOf = (path: string) => {
  const link = externalLinkOf(path)
  return link.kind === "external" ? link.host : link.kind
}

describe("links that leave the site (spec §2, /http…)", () => {
  it("sends the browser on only to an exact host of the allowlist", () => {
    const link = externalLinkOf("/https://www.youtube.com/watch?v=abc")
    expect(link).toEqual({
      kind: "external",
      url: "https://www.youtube.com/watch?v=abc",
      host: "www.youtube.com",
      plain: true,
    })
    expect(mayRedirect(link, allowed)).toBe(true)
    expect(mayRedirect(externalLinkOf("/HTTPS://PARTNER.EXAMPLE/x"), allowed)).toBe(true)
    expect(mayRedirect(externalLinkOf("/http://partner.example"), allowed)).toBe(true)
  })

  it("names the real host of every trick, and never lets one through", () => {
    const tricks: ReadonlyArray<readonly [string, string]> = [
      ["/https://evil.example/", "evil.example"],
      ["/http:%2F%2Fevil.example", "evil.example"],
      ["/https://www.youtube.com@evil.example/", "evil.example"],
      ["/https://www.youtube.com.evil.example/", "www.youtube.com.evil.example"],
      ["/https://evil.example/www.youtube.com", "evil.example"],
      ["/https://youtube.com/", "youtube.com"],
      ["/https://www.youtube.com:8443/", "www.youtube.com"],
      ["/HTTPS://EVIL.EXAMPLE", "evil.example"],
      ["/https://xn--ytube-gva.com/", "xn--ytube-gva.com"],
    ]
    for (const [path, host] of tricks) {
      expect(hostOf(path), path).toBe(host)
      expect(mayRedirect(externalLinkOf(path), allowed), path).toBe(false)
    }
  })

  it("is no link at all when it cannot be read safely", () => {
    for (const path of [
      "/https:\\\\evil.example",
      "/https://www.youtube.com\\@evil.example",
      "/https://www.you\ttube.com",
      "/https://www.youtube.com%09.evil.example",
      "/https://www.youtube.com%0a/",
      "/http:evil.example",
      "/https:///evil.example",
      "/http%",
      "/httpx://evil.example",
      "/http",
    ])
      expect(externalLinkOf(path).kind, path).toBe("invalid")
    expect(externalLinkOf("/order/12").kind).toBe("none")
    expect(externalLinkOf("/javascript:alert(1)").kind).toBe("none")
  })
})
