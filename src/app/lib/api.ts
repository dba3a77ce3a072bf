import { authHeader } from "./authUuid.ts"

/**
 * The first screen's HTTP client: plain fetch, so Effect and the API schemas stay out of the entry chunk.
 * Types come from the contract in `src/api` through type-only imports; the server validates what it sends.
 */

/**
 * `fetch` for our API: adds the stored customer `uuid` (spec §7: on every request once stored). Every call to
 * `/api` goes through here; a header the caller names itself wins (logout sends the uuid it is revoking after
 * forgetting it locally).
 */
export const apiFetch = (input: string, init: RequestInit = {}): Promise<Response> =>
  fetch(input, {
    ...init,
    headers: { ...authHeader(), ...(init.headers as Record<string, string> | undefined) },
  })
export class ApiError extends Error {
  readonly status: number
  /** the refusal's code when a 4xx body named one (`{"error": "locationOffline"}`): the server meant it */
  readonly code: string | undefined
  constructor(status: number, path: string, code?: string) {
    super(`GET ${path} answered ${status}`)
    this.name = "ApiError"
    this.status = status
    this.code = code
  }
}

/** The error for an answer that is not ok, with the code a 4xx body names (a 5xx body is not read). */
export const apiError = async (response: Response, path: string): Promise<ApiError> => {
  const body = response.status < 500 ? await response.json().catch(() => null) : null
  return new ApiError(response.status, path, typeof body?.error === "string" ? body.error : undefined)
}

export type QueryParams = Record<string, string | number | undefined>

export const apiUrl = (path: string, params: QueryParams = {}): string => {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value))
  }
  const query = search.toString()
  return `/api${path}${query === "" ? "" : `?${query}`}`
}

export const apiGet = async <A>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<A> => {
  const url = apiUrl(path, params)
  const response = await apiFetch(url, { headers: { accept: "application/json" }, signal })
  if (!response.ok) throw await apiError(response, url)
  return (await response.json()) as A
}

/**
 * A binary body (`headers.accept` names its media type); an HTTP error rejects with `ApiError`, as `apiGet`
 * does.
 */
export const apiBytes = async (
  path: string,
  params: QueryParams,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<Uint8Array> => {
  const url = apiUrl(path, params)
  const response = await apiFetch(url, { headers, signal })
  if (!response.ok) throw await apiError(response, url)
  return new Uint8Array(await response.arrayBuffer())
}

/** What a write call answered: the parsed JSON body (or null), whatever the status. */
export interface ApiAnswer<A> {
  readonly ok: boolean
  readonly status: number
  readonly body: A | null
}

/**
 * A write (`POST`/`PUT`) that never throws on an HTTP error: seat locks and commits answer their refusals as
 * 4xx bodies with a code (`{"error": "lock_seat_error"}`), which callers turn into log events. Network failure
 * still rejects (a `TypeError` from fetch), because "no answer" must not be mistaken for "refused".
 */
export const apiSend = async <A>(
  method: "POST" | "PUT",
  path: string,
  body: unknown,
  options: {
    readonly headers?: Record<string, string>
    readonly signal?: AbortSignal
    readonly base?: string
  } = {},
): Promise<ApiAnswer<A>> => {
  const response = await apiFetch(`${options.base ?? ""}${apiUrl(path)}`, {
    method,
    headers: { accept: "application/json", "content-type": "application/json", ...options.headers },
    body: JSON.stringify(body),
    signal: options.signal,
  })
  const text = await response.text()
  let parsed: A | null = null
  try {
    parsed = text === "" ? null : (JSON.parse(text) as A)
  } catch {
    parsed = null
  }
  return { ok: response.ok, status: response.status, body: parsed }
}
