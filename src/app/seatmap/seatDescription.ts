import type { MessageKey } from "../i18n/dictionaries.ts"
import type { SeatState } from "./seatRows.ts"

/**
 * What a seat is, in the legend's words: its state for this buyer and its kinds. The seat map's tooltip and the
 * seat list's descriptions say the same things with the same texts.
 */

export const SEAT_STATE_LABEL: Record<SeatState, MessageKey> = {
  free: "order.legend.free",
  mine: "order.legend.mine",
  pending: "order.legend.mine",
  taken: "order.legend.taken",
  singleSeatBlock: "order.legend.singleSeatBlock",
}

export type SeatKind = "wheelchair" | "companion" | "limitedView" | "premium"

export const SEAT_KIND_LABEL: Record<SeatKind, MessageKey> = {
  wheelchair: "order.legend.wheelchair",
  companion: "seatMapExtra.companion",
  limitedView: "seatMapExtra.limitedView",
  premium: "order.legend.premium",
}

interface KindFlags {
  readonly isHandicap: boolean
  readonly isCompanion?: boolean
  readonly isLimitedView?: boolean
  readonly isPremium: boolean
}

/** Every kind the seat is, in the order a buyer needs to know them. */
export const seatKinds = (seat: KindFlags): ReadonlyArray<SeatKind> => {
  const kinds: Array<SeatKind> = []
  if (seat.isHandicap) kinds.push("wheelchair")
  if (seat.isCompanion === true) kinds.push("companion")
  if (seat.isLimitedView === true) kinds.push("limitedView")
  if (seat.isPremium) kinds.push("premium")
  return kinds
}
