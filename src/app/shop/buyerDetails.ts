import {
  type CustomerFormValues,
  emptyCustomerForm,
  formValuesOf,
  type WireCustomerInfo,
} from "../../domain/order/customerInfo.ts"
import type { StoredCustomer } from "../customer/customerSession.ts"

/**
 * What the shop's customer step starts from: the details the cart already holds, else those of the buyer who
 * signed in (the voucher order's auth step): their name and the mobile number they signed in with, the rest
 * left to type. A signed-out guest starts from an empty form.
 */
export const startingDetails = (
  info: WireCustomerInfo | null,
  customer: StoredCustomer | null,
): CustomerFormValues => {
  if (info !== null || customer === null) return formValuesOf(info)
  return {
    ...emptyCustomerForm,
    firstName: customer.firstName,
    lastName: customer.lastName ?? "",
    mobileNumber: customer.mobileNumber,
    mobileConfirm: customer.mobileNumber,
  }
}
