import { describe, expect, it } from "vitest"
import { rangeOf } from "../../../src/server/vod/byteRange.ts"

describe("the Range header of a video element", () => {
  it("reads one range, open or suffix, clamped to the file", () => {
    expect(rangeOf(undefined, 100)).toEqual({ _tag: "whole" })
    expect(rangeOf("bytes=0-", 100)).toEqual({ _tag: "part", start: 0, end: 99 })
    expect(rangeOf("bytes=10-19", 100)).toEqual({ _tag: "part", start: 10, end: 19 })
    expect(rangeOf("bytes=90-500", 100)).toEqual({ _tag: "part", start: 90, end: 99 })
    expect(rangeOf("bytes=-10", 100)).toEqual({ _tag: "part", start: 90, end: 99 })
    expect(rangeOf("bytes=-500", 100)).toEqual({ _tag: "part", start: 0, end: 99 })
  })

  it("answers what cannot be satisfied, and the whole file for what it does not serve", () => {
    expect(rangeOf("bytes=100-", 100)).toEqual({ _tag: "unsatisfiable" })
    expect(rangeOf("bytes=20-10", 100)).toEqual({ _tag: "unsatisfiable" })
    expect(rangeOf("bytes=-0", 100)).toEqual({ _tag: "unsatisfiable" })
    expect(rangeOf("bytes=0-1,5-6", 100)).toEqual({ _tag: "whole" })
    expect(rangeOf("items=0-1", 100)).toEqual({ _tag: "whole" })
  })
})
