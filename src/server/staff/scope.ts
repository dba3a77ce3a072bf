import { Effect } from "effect"
import { InvalidLiveRequest } from "../../api/StaffApi.ts"
import type { StaffIdentity } from "./StaffAuth.ts"

/**
 * The one place that decides which businesses a live-monitoring query reads (spec §6: "business ids limit
 * queries"). Every repository query of src/server/staff takes its result and nothing else as its business filter.
 *
 * `requested` is whatever the request said, from anywhere (path, query, body): undefined, a string, a number,
 * an array of them, repeated parameters, comma-separated lists. The answer is always a non-empty subset of the
 * staff member's own ids:
 * - nothing asked, `all`, `*` or any negative id: all of their own;
 * - ids asked: those of them that are their own; when none is (only others' businesses were asked for), all of
 *   their own, so a foreign id never reaches SQL and never empties or widens an answer;
 * - anything else (a word, a fraction, an object): 400 `invalidBusinessIds`, nothing read.
 */
export const scopedBusinessIds = (
  staff: StaffIdentity,
  requested: unknown,
): Effect.Effect<ReadonlyArray<number>, InvalidLiveRequest> => {
  const own = [...new Set(staff.businessIds)].sort((a, b) => a - b)
  const tokens: Array<string> = []
  const collect = (value: unknown): boolean => {
    if (value === undefined || value === null) return true
    if (Array.isArray(value)) return value.every(collect)
    if (typeof value === "number") {
      tokens.push(String(value))
      return true
    }
    if (typeof value !== "string") return false
    for (const part of value.split(",")) tokens.push(part.trim())
    return true
  }
  if (!collect(requested)) return Effect.fail(new InvalidLiveRequest({ error: "invalidBusinessIds" }))
  let everything = false
  const asked = new Set<number>()
  for (const token of tokens) {
    if (token === "") continue
    if (/^(all|\*)$/i.test(token) || /^-\d{1,9}$/.test(token)) everything = true
    else if (/^\d{1,9}$/.test(token)) asked.add(Number(token))
    else return Effect.fail(new InvalidLiveRequest({ error: "invalidBusinessIds" }))
  }
  if (everything || asked.size === 0) return Effect.succeed(own)
  const mine = own.filter((id) => asked.has(id))
  return Effect.succeed(mine.length > 0 ? mine : own)
}
