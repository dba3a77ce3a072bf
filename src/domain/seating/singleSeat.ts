/**
 * Seating policy 3, the single-seat rule (spec §4, §5): no choice of seats may leave one empty seat stranded
 * between taken seats, or between a taken seat and the end of its block (an aisle, a wall).
 *
 * A row is seen as blocks: maximal runs of seats with consecutive seat indexes in one section; an aisle or a
 * missing seat ends a block. An "orphan" is a free seat whose neighbours on both sides are taken or the block
 * end, with at least one taken neighbour — a lone free seat nobody sits next to is not anyone's fault.
 * Only orphans that a choice *creates* count: a seat already stranded may still be sold.
 *
 * Pure and index-based so the same rule runs on the server (the authority) and in the browser (to warn first).
 */

/** One block of adjacent seats, in seat order; `true` means taken (sold, held by anyone, or being chosen). */
export type Block = ReadonlyArray<boolean>

const takenAt = (block: Block, index: number): boolean | undefined =>
  index < 0 || index >= block.length ? undefined : block[index]

/** Free, and nothing free on either side, and at least one side actually taken. */
export const isOrphan = (block: Block, index: number): boolean => {
  if (block[index] !== false) return false
  const left = takenAt(block, index - 1)
  const right = takenAt(block, index + 1)
  return left !== false && right !== false && (left === true || right === true)
}

export const orphansOf = (block: Block): ReadonlyArray<number> =>
  block.flatMap((_, index) => (isOrphan(block, index) ? [index] : []))

/** The block after also taking the seats at `chosen`. */
export const withTaken = (block: Block, chosen: Iterable<number>): Block => {
  const next = [...block]
  for (const index of chosen) {
    if (index < 0 || index >= next.length)
      throw new RangeError(`seat index ${index} outside a block of ${next.length}`)
    next[index] = true
  }
  return next
}

/** Orphans that taking `chosen` would create (stranded seats that were not stranded before). */
export const orphansCreatedBy = (block: Block, chosen: Iterable<number>): ReadonlyArray<number> => {
  const before = new Set(orphansOf(block))
  return orphansOf(withTaken(block, chosen)).filter((index) => !before.has(index))
}

/**
 * `isSingleSeatBlock` for each seat of the block: a free seat that, taken on its own, would strand a
 * neighbour. Taken seats are never marked. Only the two neighbours can change, so this is linear.
 */
export const singleSeatBlocks = (block: Block): ReadonlyArray<boolean> =>
  block.map((taken, index) => !taken && orphansCreatedBy(block, [index]).length > 0)
