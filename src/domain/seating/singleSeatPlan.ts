import type { PlanSeat } from "./seatplan.ts"
import { type Block, orphansCreatedBy, singleSeatBlocks } from "./singleSeat.ts"

/**
 * The single-seat rule (policy 3) applied to a whole seatplan: the block functions of `singleSeat.ts` fed with
 * the blocks of `rowBlocks`. The server (before it holds) and the browser (before it asks) both call these.
 */

export interface BlockPosition<S extends PlanSeat> {
  readonly block: ReadonlyArray<S>
  readonly position: number
}

/** Where each seat sits in its block, so a rule only looks at the blocks a choice touches. */
export const indexBlocks = <S extends PlanSeat>(
  blocks: ReadonlyArray<ReadonlyArray<S>>,
): ReadonlyMap<number, BlockPosition<S>> => {
  const positions = new Map<number, BlockPosition<S>>()
  for (const block of blocks) {
    block.forEach((seat, position) => {
      positions.set(seat.id, { block, position })
    })
  }
  return positions
}

const pattern = (block: ReadonlyArray<PlanSeat>, taken: ReadonlySet<number>): Block =>
  block.map((seat) => taken.has(seat.id))

/**
 * Seats that taking `chosen` (seat ids) would strand, given the seats already `taken` by anyone (the chooser's
 * own earlier holds included). Empty means the choice is allowed.
 */
export const seatsStrandedBy = <S extends PlanSeat>(
  positions: ReadonlyMap<number, BlockPosition<S>>,
  taken: ReadonlySet<number>,
  chosen: ReadonlyArray<number>,
): ReadonlyArray<S> => {
  const byBlock = new Map<ReadonlyArray<S>, Array<number>>()
  for (const id of chosen) {
    const at = positions.get(id)
    if (at === undefined || taken.has(id)) continue
    const list = byBlock.get(at.block) ?? []
    list.push(at.position)
    byBlock.set(at.block, list)
  }
  const stranded: Array<S> = []
  for (const [block, picked] of byBlock) {
    for (const index of orphansCreatedBy(pattern(block, taken), picked)) {
      const seat = block[index]
      if (seat !== undefined) stranded.push(seat)
    }
  }
  return stranded
}

/**
 * Ids of the free seats that, taken alone, would strand a neighbour (the statuses' `isSingleSeatBlock`). A seat
 * of a sofa or bed is never taken alone: it is judged with the rest of its group, as a hold takes it.
 */
export const singleSeatBlockIds = (
  blocks: ReadonlyArray<ReadonlyArray<PlanSeat>>,
  taken: ReadonlySet<number>,
): ReadonlySet<number> => {
  const ids = new Set<number>()
  for (const block of blocks) {
    const current = pattern(block, taken)
    const grouped = block.some((seat) => seat.groupId !== null)
    const blocked = grouped ? groupAwareBlocks(block, current) : singleSeatBlocks(current)
    blocked.forEach((isBlocked, index) => {
      const seat = block[index]
      if (isBlocked && seat !== undefined) ids.add(seat.id)
    })
  }
  return ids
}

const groupAwareBlocks = (block: ReadonlyArray<PlanSeat>, current: Block): ReadonlyArray<boolean> =>
  block.map((seat, index) => {
    if (current[index] === true) return false
    const together =
      seat.groupId === null
        ? [index]
        : block.flatMap((other, at) => (other.groupId === seat.groupId && current[at] !== true ? [at] : []))
    return orphansCreatedBy(current, together).length > 0
  })
