/**
 * Spec §2 `/edocument/{documentKey}` is the page of an e-ticket or of a voucher. Both keys are unguessable
 * base64url; a voucher's (issue 16: each issued voucher has its own page) is "v" and 32 characters, one longer
 * than any order's (`OrdersRepo.newDocumentKey`: 24 bytes, 32 characters), so the key alone says which page it
 * opens and no order key can be read as a voucher's.
 */
export const VOUCHER_DOCUMENT_PREFIX = "v"

const VOUCHER_KEY = /^v[A-Za-z0-9_-]{32}$/

export const isVoucherDocumentKey = (key: string): boolean => VOUCHER_KEY.test(key)

/** A voucher's key from an order-sized random key. */
export const voucherDocumentKey = (randomKey: string): string => `${VOUCHER_DOCUMENT_PREFIX}${randomKey}`
