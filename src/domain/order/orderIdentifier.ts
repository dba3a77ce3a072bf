/**
 * The reservation identifier customers read and quote ("MQ000012345"): the brand's prefix and the order's
 * number, zero-padded to nine digits so identifiers sort and line up in lists and on the phone. The number
 * comes in as an argument (the server draws it from the `reservations` id sequence, so it is the row's id and
 * never collides); this module only writes and reads the format, for the commit, the seed and lookups.
 */
export const ORDER_IDENTIFIER_PREFIX = "MQ"
/** Numbers shorter than this are zero-padded; longer ones are written in full, never cut. */
export const ORDER_NUMBER_DIGITS = 9

export const orderIdentifier = (orderNumber: number): string => {
  if (!Number.isSafeInteger(orderNumber) || orderNumber < 1)
    throw new Error(`an order number is a positive integer, got ${orderNumber}`)
  return `${ORDER_IDENTIFIER_PREFIX}${String(orderNumber).padStart(ORDER_NUMBER_DIGITS, "0")}`
}

const pattern = new RegExp(`^${ORDER_IDENTIFIER_PREFIX}([0-9]{${ORDER_NUMBER_DIGITS},})$`)

/** The order's number, or null when the text is not an identifier this format writes. */
export const parseOrderIdentifier = (text: string): number | null => {
  const digits = pattern.exec(text)?.[1]
  if (digits === undefined) return null
  // a longer number is written without padding, so extra leading zeros mean it was not written here
  if (digits.length > ORDER_NUMBER_DIGITS && digits.startsWith("0")) return null
  const orderNumber = Number(digits)
  return Number.isSafeInteger(orderNumber) && orderNumber >= 1 ? orderNumber : null
}
