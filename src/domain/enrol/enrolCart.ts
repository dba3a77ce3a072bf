import { type CommitCart, type CommitEnrolLine, emptyCommitCart } from "../cart/commitCart.ts"
import type { CustomerInfo } from "../cart/facts.ts"

/**
 * The commit cart of a season enrolment (order kind `enrolment`, src/domain/cart/orderKind.ts): the member's details
 * and one `enrolment` line, nothing else. Whose member enrols is the signed-in customer the server knows from the
 * `uuid` header; `memberNumber` only says which of their members.
 */
export const enrolCommitCart = (customerInfo: CustomerInfo, line: CommitEnrolLine): CommitCart => ({
  ...emptyCommitCart(customerInfo),
  enrolment: line,
})
