import type { LockedSeat, SeatStatus, SeatStatuses } from "../../api/SeatsApi.ts"
import { singleSeatBlockIds } from "../../domain/seating/singleSeatPlan.ts"
import { gaPlace } from "./lockedSeats.ts"
import type { LiveAllocation } from "./SeatHoldsRepo.ts"
import type { PlanIndex } from "./SeatplanRepo.ts"

export interface StatusOptions {
  /** V1 answers every seat; V2 only the seats that are not plainly free */
  readonly everySeat: boolean
  readonly sectionId: number | undefined
  readonly singleSeatRule: boolean
  readonly nowIso: string
}

/**
 * Seat statuses of one presentation from its live allocations (sales and unexpired holds). A seat held by
 * the asking cart is `isSelected` and not available to anyone else; `isSingleSeatBlock` follows policy 3.
 */
export const seatStatuses = (
  presentationId: number,
  plan: PlanIndex,
  live: ReadonlyArray<LiveAllocation>,
  options: StatusOptions,
): SeatStatuses => {
  const taken = new Set<number>()
  const mine = new Set<number>()
  const heldPlaces: Array<LockedSeat> = []
  const gaTaken = new Map<number, number>()
  let holdExpiresAtMs: number | null = null
  for (const allocation of live) {
    if (allocation.isMine && allocation.expiresAtMs !== null)
      holdExpiresAtMs = Math.max(holdExpiresAtMs ?? 0, allocation.expiresAtMs)
    if (allocation.seatId !== null) {
      taken.add(allocation.seatId)
      if (allocation.isMine) mine.add(allocation.seatId)
    } else {
      gaTaken.set(allocation.sectionId, (gaTaken.get(allocation.sectionId) ?? 0) + 1)
      if (allocation.isMine && allocation.gaSlot !== null)
        heldPlaces.push(gaPlace(allocation.sectionId, allocation.gaSlot))
    }
  }
  const blocked = options.singleSeatRule ? singleSeatBlockIds(plan.blocks, taken) : new Set<number>()

  const seats: Array<SeatStatus> = []
  const freeBySection = new Map<number, number>()
  for (const seat of plan.seats) {
    const isAvailable = !taken.has(seat.id)
    if (isAvailable) freeBySection.set(seat.sectionId, (freeBySection.get(seat.sectionId) ?? 0) + 1)
    if (options.sectionId !== undefined && seat.sectionId !== options.sectionId) continue
    const status: SeatStatus = {
      VenueSectionId: seat.sectionId,
      XCoordinate: seat.seatIndex,
      YCoordinate: seat.rowIndex,
      isAvailable,
      isSelected: mine.has(seat.id),
      isSingleSeatBlock: blocked.has(seat.id),
    }
    if (options.everySeat || !status.isAvailable || status.isSelected || status.isSingleSeatBlock)
      seats.push(status)
  }

  const sections = [...plan.sections].map(([id, section]) => {
    const available = section.isReserved
      ? (freeBySection.get(id) ?? 0)
      : Math.max(0, section.capacity - (gaTaken.get(id) ?? 0))
    return {
      id,
      isReserved: section.isReserved,
      capacity: section.capacity,
      available,
      isSoldOut: available === 0,
    }
  })

  return {
    presentationId,
    seats,
    sections,
    heldPlaces: heldPlaces.sort((a, b) => a.VenueSectionId - b.VenueSectionId || a.x - b.x),
    holdExpiresAt: holdExpiresAtMs === null ? null : new Date(holdExpiresAtMs).toISOString(),
    serverTime: options.nowIso,
  }
}
