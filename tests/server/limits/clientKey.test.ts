import { describe, expect, it } from "vitest"
import { clientKeyOf } from "../../../src/server/limits/clientKey.ts"

describe("the client a limit counts", () => {
  it("is an IPv4 address as it is, also when it arrives IPv4-mapped", () => {
    expect(clientKeyOf("203.0.113.7")).toBe("203.0.113.7")
    expect(clientKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7")
    expect(clientKeyOf("::FFFF:127.0.0.1")).toBe("127.0.0.1")
  })

  it("is an IPv6 address's /64, however the address is spelled", () => {
    const key = "2001:db8:0:12::/64"
    expect(clientKeyOf("2001:db8:0:12::1")).toBe(key)
    expect(clientKeyOf("2001:0db8:0000:0012:abcd:ef01:2345:6789")).toBe(key)
    expect(clientKeyOf("2001:DB8:0:12:ffff::1%eth0")).toBe(key)
    expect(clientKeyOf("2001:db8::")).toBe("2001:db8:0:0::/64")
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64")
    expect(clientKeyOf("2001:db8:0:13::1")).not.toBe(key)
  })

  it("is one key for a request without an address or with something that is not one", () => {
    expect(clientKeyOf(undefined)).toBe("unknown")
    expect(clientKeyOf("")).toBe("unknown")
    expect(clientKeyOf("not-an-address")).toBe("unknown")
    expect(clientKeyOf("2001:db8::1::2")).toBe("unknown")
  })
})
