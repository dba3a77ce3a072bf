/** The query a payment provider returns with (`?paymentId=…&reservationIdentifier=…`), on every return page. */
export type ReturnSearch = { readonly paymentId?: string; readonly reservationIdentifier?: string }

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined

/** A route's `validateSearch` for a return page: each present and non-empty, else left out. */
export const validateReturnSearch = (search: Record<string, unknown>): ReturnSearch => {
  const paymentId = text(search.paymentId)
  const reservationIdentifier = text(search.reservationIdentifier)
  return {
    ...(paymentId === undefined ? {} : { paymentId }),
    ...(reservationIdentifier === undefined ? {} : { reservationIdentifier }),
  }
}
