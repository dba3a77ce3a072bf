import { notFound } from "@tanstack/react-router"
import { isShopKind, type ShopKind } from "./shopKinds.ts"

/** A route's id param: a positive integer, else the 404 page. */
export const parsePositiveId = (raw: string): number => {
  const id = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw notFound()
  return id
}

/** A shop step's `$kind`: vouchers, donations or food, else the 404 page. */
export const parseShopKind = (raw: string): ShopKind => {
  if (!isShopKind(raw)) throw notFound()
  return raw
}
