/**
 * An amount the buyer types in shekels ("120", "120.5", "120,50") as integer agorot; null when it is not a
 * positive amount with at most two decimals.
 */
export const parseShekels = (typed: string): number | null => {
  const text = typed.trim().replace(",", ".")
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null
  const agorot = Math.round(Number(text) * 100)
  return agorot > 0 ? agorot : null
}

/** Agorot as the amount field shows them: whole shekels without decimals. */
export const shekelsText = (agorot: number): string =>
  agorot % 100 === 0 ? String(agorot / 100) : (agorot / 100).toFixed(2)
