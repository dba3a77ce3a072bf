/**
 * Goals as ARCHITECTURE.md's Benchmarks section states them: `"<group>.<name>": "<op> <number>"`, where the
 * group is `figures`, `baselines` or `ratios` of the same run. `met` is true only when every goal's value is a
 * number that keeps its rule; a missing or non-numeric value fails the goal (a benchmark that could not
 * measure something has not met it).
 */
export type Goals = Readonly<Record<string, string>>

type Groups = {
  readonly figures: Readonly<Record<string, unknown>>
  readonly baselines: Readonly<Record<string, unknown>>
  readonly ratios: Readonly<Record<string, unknown>>
}

export const goalValue = (groups: Groups, path: string): number | null => {
  const [group, name] = path.split(".", 2) as [keyof Groups, string]
  const value = groups[group]?.[name]
  return typeof value === "number" && Number.isFinite(value) ? value : null
}

export const goalHolds = (value: number | null, rule: string): boolean => {
  if (value === null) return false
  const [op, limit] = rule.split(" ") as [string, string]
  const bound = Number(limit)
  switch (op) {
    case "<=":
      return value <= bound
    case ">=":
      return value >= bound
    default:
      throw new Error(`unknown goal rule ${rule}`)
  }
}

/** The goals that do not hold in this run (empty: met). */
export const unmetGoals = (groups: Groups, goals: Goals): ReadonlyArray<string> =>
  Object.entries(goals)
    .filter(([path, rule]) => !goalHolds(goalValue(groups, path), rule))
    .map(([path, rule]) => `${path} ${rule} (was ${goalValue(groups, path)})`)
