import { notFound } from "@tanstack/react-router"
import type { ShopKind } from "./shopKinds.ts"

// the route params' parsers run in the route tree, on the first screen's bundle: they import nothing of the shop
const KINDS: ReadonlyArray<string> = [
  "vouchers",
  "donations",
  "food",
  "memberships",
] satisfies ReadonlyArray<ShopKind>

/** A route's id param: a positive integer, else the 404 page. */
export const parsePositiveId = (raw: string): number => {
  const id = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw notFound()
  return id
}

/** A shop step's `$kind`: vouchers, donations or food, else the 404 page. */
export const parseShopKind = (raw: string): ShopKind => {
  if (!KINDS.includes(raw)) throw notFound()
  return raw as ShopKind
}
