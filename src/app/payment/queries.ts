import { queryOptions } from "@tanstack/react-query"
import type { Confirmation, VoucherDocument } from "../../api/ReservationsApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { apiGet } from "../lib/api.ts"

/** The confirmation page's address: the order's identifier and the key that opens its e-documents. */
export const confirmationHref = (identifier: string, key: string, locale: LocaleCode): string =>
  `/order/confirmation/${encodeURIComponent(identifier)}?${new URLSearchParams({ key, lang: locale })}`

/**
 * A paid order's confirmation. Persisted (`meta.persist`) with the rest of the query cache, so the tickets open
 * after a reload with no signal; a paid order's confirmation does not change, so it is never stale.
 */
export const confirmationQueryOptions = (identifier: string, key: string, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["reservations", "confirmation", identifier, { key, lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<Confirmation>(`/reservations/${encodeURIComponent(identifier)}`, { key, lang: locale }, signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { persist: true },
  })

/** The spec's `/edocument/{documentKey}`: the key alone opens the order (the link in the SMS and e-mail). */
export const edocumentQueryOptions = (key: string, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["edocuments", key, { lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<Confirmation>(`/edocuments/${encodeURIComponent(key)}`, { lang: locale }, signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { persist: true },
  })

/**
 * One issued voucher by its key (`GET /api/edocuments/vouchers/{key}`), kept with the persisted queries; here
 * beside the order's, so the wallet can keep a voucher bought on this device at the confirmation (issue 17).
 */
export const voucherDocumentQueryOptions = (key: string, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["edocuments", "voucher", key, { lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<VoucherDocument>(`/edocuments/vouchers/${encodeURIComponent(key)}`, { lang: locale }, signal),
    // the balance moves when the voucher pays: asked again on each visit, the saved copy shown meanwhile
    staleTime: 0,
    meta: { persist: true },
  })
