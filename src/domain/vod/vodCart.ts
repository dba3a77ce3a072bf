import { type CommitCart, emptyCommitCart } from "../cart/commitCart.ts"
import type { CustomerInfo } from "../cart/facts.ts"
import { agorot } from "../cart/values.ts"

/**
 * The commit cart of a video-on-demand purchase (order kind `vod`, src/domain/cart/orderKind.ts): the buyer's
 * details and one VOD line, nothing else. The customer who will own the access is the signed-in one the server
 * knows from the `uuid` header, never `CustomerId` here.
 */
export const vodCommitCart = (
  customerInfo: CustomerInfo,
  line: { readonly presentationId: number; readonly ticketId: number; readonly price: number },
): CommitCart => ({
  ...emptyCommitCart(customerInfo),
  vod: { prsntId: line.presentationId, ticketId: line.ticketId, amount: agorot(line.price) },
})
