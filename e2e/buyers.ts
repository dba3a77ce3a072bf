import type { CustomerFormValues } from "../src/domain/order/customerInfo.ts"

/** What the order's customer step requires, by the ids of its fields (`#customer-<name>`). */
export type BuyerDetails = Pick<
  CustomerFormValues,
  "firstName" | "lastName" | "email" | "emailConfirm" | "mobileNumber" | "mobileConfirm"
>

const names = {
  dana: { he: ["דנה", "לוי"], ar: ["دانة", "ليفي"], latin: ["Dana", "Levi"] },
  noa: { he: ["נועה", "כהן"], ar: ["نوعا", "كوهين"], latin: ["Noa", "Cohen"] },
} as const

const contacts = {
  // the confirmations are typed in another form than the first entry, as people do: both must be accepted
  dana: { email: "dana@example.com", mobileNumber: "050-7654321", mobileConfirm: "0507654321" },
  noa: { email: "noa@example.com", mobileNumber: "052-1234567", mobileConfirm: "052-1234567" },
} as const

/**
 * The journeys' buyers, in one place: a new required field is added here once. Names are written in the
 * page's script (Hebrew on a Hebrew page, Arabic on an Arabic one, Latin letters otherwise).
 */
export const buyer = (who: keyof typeof names, lang: string): BuyerDetails => {
  const [firstName, lastName] =
    lang === "he" ? names[who].he : lang === "ar" ? names[who].ar : names[who].latin
  const { email, mobileNumber, mobileConfirm } = contacts[who]
  return { firstName, lastName, email, emailConfirm: email, mobileNumber, mobileConfirm }
}
