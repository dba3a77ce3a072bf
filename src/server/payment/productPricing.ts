/**
 * Food at the server's prices, the same for food beside tickets (commitPricing.ts) and food alone
 * (itemOrders/productsOrder.ts).
 */

/** Most of one product in an order (our choice: a family's popcorn, not a wholesale order). */
export const MAX_PRODUCT_QUANTITY = 50

/**
 * The cart's food at the server's prices (product id → price of the active products); undefined when a line
 * names a product not sold or a quantity outside 1–50. Ticket orders and food-only orders price food alike.
 */
export const priceProducts = (
  lines: ReadonlyArray<{ readonly id: number; readonly quantity: number }>,
  prices: ReadonlyMap<number, number>,
): ReadonlyArray<{ id: number; quantity: number; unitPrice: number }> | undefined => {
  const products: Array<{ id: number; quantity: number; unitPrice: number }> = []
  for (const product of lines) {
    const unitPrice = prices.get(product.id)
    if (unitPrice === undefined) return undefined
    if (
      !Number.isInteger(product.quantity) ||
      product.quantity < 1 ||
      product.quantity > MAX_PRODUCT_QUANTITY
    )
      return undefined
    products.push({ id: product.id, quantity: product.quantity, unitPrice })
  }
  return products
}
