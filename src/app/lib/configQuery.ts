import { queryOptions } from "@tanstack/react-query"
import type { SiteConfig } from "../../api/ConfigApi.ts"
import { apiGet } from "./api.ts"

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ["config"],
    queryFn: ({ signal }) => apiGet<SiteConfig>("/config", undefined, signal),
    staleTime: 5 * 60_000,
    meta: { persist: true },
  })
