import { expect } from "vitest"

/** `PUT /api/seats/lock-seat` or `unlock-seat` with `body` (`{ seats }`, `{ seat }`, or anything a test sends), for `cart`. */
export const seatCall = (
  baseUrl: string,
  path: "lock-seat" | "unlock-seat",
  cart: string,
  body: unknown,
): Promise<Response> =>
  fetch(`${baseUrl}/api/seats/${path}`, {
    method: "PUT",
    headers: { "content-type": "application/json", "x-cart-token": cart },
    body: JSON.stringify(body),
  })

/**
 * Checks a lock refused by the lock velocity (issue 20): 429 `seatHoldsTooFast` with when to come back, the next
 * minute by the server's clock (`nowMs`), in the body and in `Retry-After`.
 */
export const expectSeatHoldsTooFast = async (response: Response, nowMs: number): Promise<void> => {
  expect(response.status).toBe(429)
  const body = (await response.json()) as { error: string; retryAfterSeconds: number }
  expect(body.error).toBe("seatHoldsTooFast")
  const untilNextMinute = 60 - (Math.floor(nowMs / 1000) % 60)
  expect(Math.abs(body.retryAfterSeconds - untilNextMinute)).toBeLessThanOrEqual(1)
  expect(response.headers.get("retry-after")).toBe(String(body.retryAfterSeconds))
}
