/**
 * The seat-locks baselines' hold: one seat for one cart through `hold_seats_batch`, the function every hold of
 * the server goes through (migration 0071 dropped `hold_seats`), as a batch of one request. So the ceiling (raw
 * SQL) and the peer (bench/support/plainHoldServer.ts) do the same database work per hold as a lone request of
 * ours, and the ratios compare like with like. The limits are the server's defaults: 600 s, 10 seats a cart.
 */
export const ONE_HOLD_SQL = "SELECT outcome FROM hold_seats_batch($1::jsonb, 600, 10)"

/** The parameters of {@link ONE_HOLD_SQL} for `seatId` in `presentationId` held by `cart`. */
export const oneHoldParams = (
  presentationId: number,
  cart: string,
  seatId: number,
): ReadonlyArray<string> => [
  JSON.stringify([{ presentation: presentationId, cart, seats: [seatId], blocks: [] }]),
]

/** Whether the answer to {@link ONE_HOLD_SQL} is a hold. */
export const isHeld = (rows: ReadonlyArray<{ readonly outcome: string }>) => rows[0]?.outcome === "held"
