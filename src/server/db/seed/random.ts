/**
 * A small deterministic PRNG (mulberry32) so the same seed always yields the same demo data.
 * `fork` derives an independent stream per concern: adding rows to one generator then does not
 * shift the data of every other one.
 */
export interface Random {
  /** uniform in [0, 1) */
  readonly next: () => number
  /** integer in [min, max] */
  readonly int: (min: number, max: number) => number
  readonly chance: (probability: number) => boolean
  readonly pick: <A>(items: ReadonlyArray<A>) => A
  readonly weighted: <A>(items: ReadonlyArray<readonly [A, number]>) => A
  readonly fork: (label: string) => Random
}

const mulberry32 = (state: number) => () => {
  state = (state + 0x6d2b79f5) | 0
  let t = Math.imul(state ^ (state >>> 15), 1 | state)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const hashLabel = (seed: number, label: string): number => {
  let h = (seed ^ 0x811c9dc5) >>> 0
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619) >>> 0
  return h
}

export const makeRandom = (seed: number, label = "root"): Random => {
  const next = mulberry32(hashLabel(seed, label))
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <A>(items: ReadonlyArray<A>): A => {
    if (items.length === 0) throw new Error("pick from an empty list")
    return items[Math.floor(next() * items.length)]!
  }
  const weighted = <A>(items: ReadonlyArray<readonly [A, number]>): A => {
    const total = items.reduce((sum, [, w]) => sum + w, 0)
    let r = next() * total
    for (const [item, w] of items) {
      r -= w
      if (r < 0) return item
    }
    return items[items.length - 1]![0]
  }
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted,
    fork: (child) => makeRandom(seed, `${label}/${child}`),
  }
}
