import type { LockedSeat } from "../../api/SeatsApi.ts"
import type { PlanIndex } from "./SeatplanRepo.ts"

/** A reserved seat as lock answers name it: grid coordinates plus the names a buyer reads. */
export const lockedSeatOf = (plan: PlanIndex, seatId: number): LockedSeat => {
  const seat = plan.byId.get(seatId)
  if (seat === undefined) throw new Error(`seat ${seatId} is not in seatplan ${plan.seatplanId}`)
  return {
    VenueSectionId: seat.sectionId,
    x: seat.seatIndex,
    y: seat.rowIndex,
    RowName: seat.rowName,
    SeatName: seat.seatName,
  }
}

/** A general-admission place: slot n of its section is `{x: n, y: 0}`, shown to people as place n + 1. */
export const gaPlace = (sectionId: number, slot: number): LockedSeat => ({
  VenueSectionId: sectionId,
  x: slot,
  y: 0,
  RowName: "",
  SeatName: String(slot + 1),
})

/** What a cart holds, from its live allocations; a seat no longer in the plan is skipped. */
export const heldBy = (
  plan: PlanIndex | undefined,
  allocations: ReadonlyArray<{
    readonly seatId: number | null
    readonly sectionId: number
    readonly gaSlot: number | null
  }>,
): ReadonlyArray<LockedSeat> =>
  allocations.flatMap((allocation) => {
    if (allocation.seatId === null)
      return allocation.gaSlot === null ? [] : [gaPlace(allocation.sectionId, allocation.gaSlot)]
    return plan?.byId.has(allocation.seatId) === true ? [lockedSeatOf(plan, allocation.seatId)] : []
  })
