import { useQuery } from "@tanstack/react-query"
import { DEFAULT_SITE_FLAGS, type SiteFlags } from "../../domain/order/agreements.ts"
import { configQueryOptions } from "./configQuery.ts"

/** The site's config flags as `/api/config` serves them; the spec's values until the config has loaded. */
export const useSiteFlags = (): SiteFlags => useQuery(configQueryOptions()).data?.flags ?? DEFAULT_SITE_FLAGS
