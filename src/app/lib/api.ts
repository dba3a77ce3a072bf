/**
 * The first screen's HTTP client: plain fetch, so Effect and the API schemas stay out of the entry chunk.
 * Types come from the contract in `src/api` through type-only imports; the server validates what it sends.
 */
export class ApiError extends Error {
  readonly status: number
  constructor(status: number, path: string) {
    super(`GET ${path} answered ${status}`)
    this.name = "ApiError"
    this.status = status
  }
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
  const response = await fetch(url, { headers: { accept: "application/json" }, signal })
  if (!response.ok) throw new ApiError(response.status, url)
  return (await response.json()) as A
}
