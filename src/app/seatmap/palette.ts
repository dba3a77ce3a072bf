/**
 * The seat map's colours, as RGB bytes. Constants rather than CSS variables: the GPU cannot read them, and the
 * end-to-end test compares canvas pixels with these exact values. They follow the app's dark theme (base.css):
 * a free seat cyan, a seat of this cart in the accent gold, a taken one dim grey, a single-seat block rose.
 *
 * Precedence (first that applies): mine (held or being held by this cart) → taken → single-seat block →
 * wheelchair → companion → limited view → premium → available. A seat that is two kinds at once (a premium
 * seat with a limited view) shows the one a buyer must know before choosing it; the tooltip and the seat list
 * name every kind.
 */
export type Rgb = readonly [number, number, number]

export const SEAT_COLORS = {
  /** free, plain seat */
  available: [76, 195, 217],
  /** held by this cart (or the hold is on its way) */
  mine: [245, 185, 66],
  /** someone else holds or bought it */
  taken: [72, 76, 92],
  /** taking it alone would strand a neighbour */
  singleSeatBlock: [227, 71, 107],
  /** free wheelchair place */
  wheelchair: [138, 180, 255],
  /** free seat beside a wheelchair place, for the person who comes with its user */
  companion: [94, 201, 140],
  /** free seat with part of the screen hidden (a pillar, a steep angle) */
  limitedView: [176, 184, 204],
  /** free premium seat */
  premium: [178, 132, 230],
} as const satisfies Record<string, Rgb>

/** Row names over the map (base.css's muted text on the map's background). */
export const LABEL_COLOR: Rgb = [160, 166, 186]

/** Section names over the zoomed-out map (base.css's text colour), on a halo of the background. */
export const SECTION_LABEL_COLOR: Rgb = [236, 238, 245]

/** The canvas background. */
export const BACKGROUND: Rgb = [20, 22, 30]

/** The per-seat status bytes `setStatuses` takes. Selection ("mine") is given apart, by `setSelection`. */
export const SEAT_STATUS = { available: 0, taken: 1, singleSeatBlock: 2 } as const
export type SeatStatusCode = (typeof SEAT_STATUS)[keyof typeof SEAT_STATUS]
