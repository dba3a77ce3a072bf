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
