import { queryOptions } from "@tanstack/react-query"
import type { MiniSite, ReferenceBalance } from "../../api/MiniSiteApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { apiFetch, apiGet, apiUrl } from "../lib/api.ts"

export const miniSiteQueryOptions = (url: string, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["miniSite", url, { lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<{ miniSite: MiniSite }>(`/mini-site/${encodeURIComponent(url)}`, { lang: locale }, signal).then(
        (answer) => answer.miniSite,
      ),
    staleTime: 60_000,
  })

export type ReferenceCheck =
  | { readonly _tag: "Valid"; readonly balance: ReferenceBalance }
  | { readonly _tag: "NotFound" }
  | { readonly _tag: "Limited"; readonly minutes: number }
  | { readonly _tag: "Failed" }

/** `GET /mini-site/validate/{url}` with `mode=any`: the partner's ticket the reference belongs to, and its balance. */
export const checkReference = async (
  url: string,
  reference1: string,
  reference2: string,
): Promise<ReferenceCheck> => {
  try {
    const response = await apiFetch(
      apiUrl(`/mini-site/validate/${encodeURIComponent(url)}`, {
        reference1,
        reference2: reference2 === "" ? undefined : reference2,
        mode: "any",
      }),
      { headers: { accept: "application/json" } },
    )
    if (response.status === 200)
      return { _tag: "Valid", balance: (await response.json()) as ReferenceBalance }
    if (response.status === 404) return { _tag: "NotFound" }
    if (response.status === 429) {
      const seconds = Number(response.headers.get("retry-after") ?? "600")
      return { _tag: "Limited", minutes: Math.max(1, Math.ceil(seconds / 60)) }
    }
    return { _tag: "Failed" }
  } catch {
    return { _tag: "Failed" }
  }
}
