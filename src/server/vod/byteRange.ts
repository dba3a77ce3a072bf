/**
 * The one `Range: bytes=…` request header a video element sends (RFC 9110 §14): a single range, `a-b`, `a-` or
 * the suffix `-n`. Several ranges at once (multipart answers) are not served: browsers do not ask for them while
 * playing, and the whole file is answered instead, as RFC 9110 allows.
 */
export type RangeAsked =
  | { readonly _tag: "whole" }
  | { readonly _tag: "part"; readonly start: number; readonly end: number }
  | { readonly _tag: "unsatisfiable" }

export const rangeOf = (header: string | undefined, size: number): RangeAsked => {
  if (header === undefined) return { _tag: "whole" }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (match === null) return { _tag: "whole" }
  const [, from = "", to = ""] = match
  if (from === "" && to === "") return { _tag: "whole" }
  if (from === "") {
    const suffix = Number(to)
    if (suffix === 0 || size === 0) return { _tag: "unsatisfiable" }
    return { _tag: "part", start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1)
  if (start >= size || end < start) return { _tag: "unsatisfiable" }
  return { _tag: "part", start, end }
}
