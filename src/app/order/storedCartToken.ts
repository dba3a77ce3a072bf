/**
 * The server's cart token as the cart log keeps it in localStorage (src/app/cart/cartLog.ts; the same keys,
 * tests/app/order/storedCartToken.test.ts keeps them in step), read without opening the log: the seat screen
 * asks for the statuses with it before Dexie and the domain's schemas have loaded, so the seats this cart holds
 * show as its own at once. Null when there is none yet (or storage is blocked): nothing can be held then.
 */
export const storedCartToken = (
  storage: Pick<Storage, "getItem"> | null = safeLocalStorage(),
): string | null => {
  const cartId = storage?.getItem("marquee.cartId") ?? null
  if (cartId === null) return null
  const token = storage?.getItem(`marquee.cartToken.${cartId}`) ?? null
  // an empty token is the log's "forgotten, earn a new one" (useCart's renewToken)
  return token === "" ? null : token
}

const safeLocalStorage = (): Storage | null => {
  try {
    return window.localStorage
  } catch {
    // storage blocked (privacy settings): the cart cannot open either
    return null
  }
}
