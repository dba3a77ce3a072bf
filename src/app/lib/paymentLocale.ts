/**
 * The provider's return redirect carries no `lang`: the pay page remembers the buyer's language for this tab
 * before leaving, and the return page comes back in it.
 */
const KEY = "marquee.paymentLocale"

export const rememberPaymentLocale = (locale: string): void => {
  try {
    sessionStorage.setItem(KEY, locale)
  } catch {
    // storage blocked: the return page falls back to the default language
  }
}

export const rememberedPaymentLocale = (): string | null => {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}
