import { describe, expect, it } from "vitest"
import { refusalOf } from "../../../../src/app/customer/signIn/signInApi.ts"

/**
 * Issue 20: a sign-in SMS refused until the day's end (the phone's or the chain's SMS for today are spent) is not
 * told as "ask again in 50400 seconds": past the back-off's 10-minute window the answer reads as tomorrow.
 */
describe("sign-in refusals with a wait", () => {
  it("reads the back-off's wait in seconds and a wait past its window as the day's SMS spent", () => {
    expect(refusalOf(429, { error: "SMS_FAILED", retryAfterSeconds: 30 })).toEqual({
      problem: "SMS_WAIT",
      retryAfterSeconds: 30,
    })
    expect(refusalOf(429, { error: "SMS_FAILED", retryAfterSeconds: 600 })).toEqual({
      problem: "SMS_WAIT",
      retryAfterSeconds: 600,
    })
    expect(refusalOf(429, { error: "SMS_FAILED", retryAfterSeconds: 50_400 })).toEqual({
      problem: "SMS_DAY_SPENT",
      retryAfterSeconds: 50_400,
    })
    // without a wait it stays the plain SMS_FAILED
    expect(refusalOf(429, { error: "SMS_FAILED" })).toEqual({ problem: "SMS_FAILED" })
  })
})
