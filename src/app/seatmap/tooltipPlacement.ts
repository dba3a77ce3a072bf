/**
 * Where the seat tooltip's left edge goes (CSS px from the map frame's left): centred on the seat, but kept
 * inside the frame. Centred as such, a seat near the frame's edge put half the tooltip past it, and on a phone
 * past the page's edge too, which made the whole page scroll sideways.
 */
export const tooltipLeft = (seatX: number, tooltipWidth: number, frameWidth: number): number =>
  Math.min(Math.max(seatX - tooltipWidth / 2, 0), Math.max(frameWidth - tooltipWidth, 0))
