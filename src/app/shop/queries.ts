import { queryOptions } from "@tanstack/react-query"
import type {
  DonationList,
  FoodMenu,
  ShopCinema,
  SystemVoucherOffer,
  SystemVoucherSuperClass,
} from "../../api/ShopApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { apiGet } from "../lib/api.ts"

/** The shop's catalogues (src/api/ShopApi.ts). Names are localised, so the locale is part of each key. */

export const voucherSuperClassesQueryOptions = (locale: LocaleCode) =>
  queryOptions({
    queryKey: ["shop", "voucherSuperClasses", { lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<{ superClasses: ReadonlyArray<SystemVoucherSuperClass> }>(
        "/system-vouchers/superclasses",
        { lang: locale },
        signal,
      ),
    staleTime: 5 * 60_000,
  })

export const voucherOfferQueryOptions = (superClassId: number, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["shop", "voucherOffer", superClassId, { lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<SystemVoucherOffer>(`/system-vouchers/superclasses/${superClassId}`, { lang: locale }, signal),
    staleTime: 5 * 60_000,
  })

export const donationsQueryOptions = (locale: LocaleCode) =>
  queryOptions({
    queryKey: ["shop", "donations", { lang: locale }],
    queryFn: ({ signal }) => apiGet<DonationList>("/donations", { lang: locale }, signal),
    staleTime: 5 * 60_000,
  })

export const foodCinemasQueryOptions = (locale: LocaleCode) =>
  queryOptions({
    queryKey: ["shop", "foodCinemas", { lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<{ cinemas: ReadonlyArray<ShopCinema> }>("/food/cinemas", { lang: locale }, signal),
    staleTime: 5 * 60_000,
  })

export const foodMenuQueryOptions = (locationId: number, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["shop", "foodMenu", locationId, { lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<FoodMenu>(`/food/cinemas/${locationId}/products`, { lang: locale }, signal),
    staleTime: 5 * 60_000,
  })
