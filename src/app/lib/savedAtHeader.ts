/**
 * When an answer served from the service worker's cache was stored (issue 17: "the last what's-on list opens offline
 * labelled with its age"). The worker stamps each copy it keeps with the device's clock (`withSavedAt`); a page
 * that reads the stamp back (`savedAtOf`) knows the list is the kept one and how old it is, where the query cache
 * would call it as fresh as the moment the worker answered (no signal, or a network slower than the worker's
 * 3 s). An answer from the network has no stamp.
 */
export const SAVED_AT_HEADER = "x-marquee-saved-at"

/** The same answer with the moment it is kept (epoch ms) in a header of its own. */
export const withSavedAt = async (response: Response, now: number): Promise<Response> => {
  const headers = new Headers(response.headers)
  headers.set(SAVED_AT_HEADER, String(now))
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

/** When the copy answered was kept (epoch ms), or null for an answer from the network (or an unreadable stamp). */
export const savedAtOf = (response: Response): number | null => {
  const stamp = Number(response.headers.get(SAVED_AT_HEADER) ?? Number.NaN)
  return Number.isSafeInteger(stamp) && stamp > 0 ? stamp : null
}
