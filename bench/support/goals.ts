/**
 * Goals of a benchmark's JSON line: `"<group>.<name>": "<op> <number>"`, checked against the numbers of the
 * same run (`figures`, `baselines` or `ratios`). A goal whose value is missing (a renderer that could not
 * finish, a part that was skipped) does not hold, so `met` can only be true when every goal was measured.
 */
export type Goals = Readonly<Record<string, string>>

type Groups = Readonly<Record<string, Readonly<Record<string, unknown>>>>

export const goalValue = (groups: Groups, path: string): number | null => {
  const dot = path.indexOf(".")
  const value = groups[path.slice(0, dot)]?.[path.slice(dot + 1)]
  return typeof value === "number" && Number.isFinite(value) ? value : null
}

export const goalHolds = (value: number | null, rule: string): boolean => {
  const [op, limit] = rule.split(" ") as [string, string]
  if (value === null) return false
  if (op === "<=") return value <= Number(limit)
  if (op === ">=") return value >= Number(limit)
  throw new Error(`unknown goal operator in "${rule}"`)
}

/** true only if every goal holds in this run */
export const goalsMet = (groups: Groups, goals: Goals): boolean =>
  Object.entries(goals).every(([path, rule]) => goalHolds(goalValue(groups, path), rule))
