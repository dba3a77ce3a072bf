import type { CommitCart } from "../../domain/cart/commitCart.ts"
import { isEmailAddress, israeliMobile } from "../../domain/order/customerInfo.ts"

/**
 * The buyer's contact details as the order keeps them (the confirmation's SMS and e-mail go there): names
 * trimmed, the mobile number in the spec's 05XXXXXXXX form. Null when the cart's customer info cannot reach the
 * buyer, which the commit refuses.
 */
export interface Contact {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly mobile: string
}

export const contactOf = (cart: CommitCart): Contact | null => {
  const info = cart.customerInfo
  if (info === null) return null
  const firstName = info.FirstName.trim()
  const lastName = info.LastName.trim()
  const email = info.EmailAddress1.trim()
  const mobile = israeliMobile(info.MobileNumber1)
  if (firstName === "" || lastName === "" || !isEmailAddress(email) || mobile === null) return null
  return { firstName, lastName, email, mobile }
}
