/**
 * The customer's auth `uuid` as this browser stored it at login (spec §3 auth state). Spec §7: "Header uuid sent
 * on every request when an auth uuid is stored", so every call to our API reads it here (`apiFetch` in api.ts),
 * not only the calls that act for the customer. `customer/customerSession.ts` writes the login under this key;
 * the header is read on each call, so a login or logout in another tab counts at once.
 */
export const CUSTOMER_STORAGE_KEY = "marquee.customer"

export const storedAuthUuid = (): string | null => {
  try {
    const raw = globalThis.localStorage?.getItem(CUSTOMER_STORAGE_KEY) ?? null
    if (raw === null) return null
    const uuid = (JSON.parse(raw) as { uuid?: unknown }).uuid
    return typeof uuid === "string" && uuid !== "" ? uuid : null
  } catch {
    // storage blocked (private mode) or a damaged entry: an anonymous buyer
    return null
  }
}

/** The `uuid` header for a request: empty for an anonymous buyer. */
export const authHeader = (): Record<string, string> => {
  const uuid = storedAuthUuid()
  return uuid === null ? {} : { uuid }
}
