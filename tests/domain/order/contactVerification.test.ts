import { describe, expect, it } from "vitest"
import {
  channelsToVerify,
  contactKey,
  isVerified,
  sameContact,
  unverifiedChannels,
  verificationErrors,
} from "../../../src/domain/order/contactVerification.ts"

const both = { mobileVerification: true, emailVerification: true }
const none = { mobileVerification: false, emailVerification: false }

describe("what counts as the same contact", () => {
  it("a mobile number is its 05XXXXXXXX form, however it was typed", () => {
    expect(contactKey("mobile", "+972 52-123-4567")).toBe("0521234567")
    expect(contactKey("mobile", "00972521234567")).toBe("0521234567")
    expect(contactKey("mobile", "052.123.4567")).toBe("0521234567")
    expect(sameContact("mobile", "+972521234567", "052-1234567")).toBe(true)
    expect(sameContact("mobile", "0521234567", "0521234568")).toBe(false)
  })

  it("an e-mail address ignores surrounding spaces and letter case", () => {
    expect(contactKey("email", "  Dana@Example.COM ")).toBe("dana@example.com")
    expect(sameContact("email", "dana@example.com", "DANA@example.com")).toBe(true)
    expect(sameContact("email", "dana@example.com", "dana@example.co")).toBe(false)
  })

  it("a value that is not a mobile number or an e-mail address has no key and matches nothing", () => {
    expect(contactKey("mobile", "031234567")).toBeNull()
    expect(contactKey("mobile", "")).toBeNull()
    expect(contactKey("email", "dana@example")).toBeNull()
    expect(contactKey("email", "0521234567")).toBeNull()
    expect(sameContact("mobile", "abc", "abc")).toBe(false)
  })
})

describe("which contacts still need verifying", () => {
  const verified = [
    { channel: "mobile" as const, key: "0521234567" },
    { channel: "email" as const, key: "dana@example.com" },
  ]

  it("asks for the channels the flags turn on, mobile first; none by default", () => {
    expect(channelsToVerify(none)).toEqual([])
    expect(channelsToVerify(both)).toEqual(["mobile", "email"])
    expect(channelsToVerify({ mobileVerification: false, emailVerification: true })).toEqual(["email"])
  })

  it("a verified value counts in any spelling, another value or channel does not", () => {
    expect(isVerified("mobile", "+972-52-1234567", verified)).toBe(true)
    expect(isVerified("email", "Dana@Example.com", verified)).toBe(true)
    expect(isVerified("mobile", "0521234568", verified)).toBe(false)
    // a key verified on one channel says nothing about the other
    expect(isVerified("email", "0521234567", [{ channel: "mobile", key: "0521234567" }])).toBe(false)
  })

  it("lists the unverified channels the flags ask for", () => {
    const contact = { mobile: "0521234567", email: "dana@example.com" }
    expect(unverifiedChannels(both, contact, verified)).toEqual([])
    expect(unverifiedChannels(both, contact, [])).toEqual(["mobile", "email"])
    expect(unverifiedChannels(both, { ...contact, email: "other@example.com" }, verified)).toEqual(["email"])
    expect(unverifiedChannels(none, contact, [])).toEqual([])
  })

  it("gives the form `unverified` only for a valid value, so the field's own rule speaks first", () => {
    expect(verificationErrors(both, { mobileNumber: "0521234567", email: "dana@example.com" }, [])).toEqual({
      mobileNumber: { rule: "unverified", channel: "mobile" },
      email: { rule: "unverified", channel: "email" },
    })
    expect(verificationErrors(both, { mobileNumber: "123", email: "" }, [])).toEqual({})
    expect(
      verificationErrors(both, { mobileNumber: "052-123-4567", email: "DANA@example.com" }, verified),
    ).toEqual({})
    expect(verificationErrors(none, { mobileNumber: "0521234567", email: "dana@example.com" }, [])).toEqual(
      {},
    )
  })
})
