/**
 * JSON with object keys sorted at every level: the same value always gives the same bytes, whatever order its
 * properties were created in (what makes a replayed cart comparable with `diff` or a hash).
 */
export const stableJson = (value: unknown, indent = 2): string =>
  JSON.stringify(
    value,
    (_key, current: unknown) => {
      if (current instanceof Map)
        return Object.fromEntries([...current].sort(([a], [b]) => String(a).localeCompare(String(b))))
      if (current instanceof Set) return [...current]
      if (current !== null && typeof current === "object" && !Array.isArray(current)) {
        const sorted: Record<string, unknown> = {}
        for (const key of Object.keys(current).sort()) sorted[key] = (current as Record<string, unknown>)[key]
        return sorted
      }
      return current
    },
    indent,
  )
