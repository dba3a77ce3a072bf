/**
 * Israeli ID numbers (Teudat Zehut): up to nine digits, padded with leading zeros to nine, the last a check
 * digit. Digits are weighted 1,2,1,2,… from the left, two-digit products are replaced by their digit sum, and
 * the total must be a multiple of 10 (spec §8 `invalidSSN`, "ID number entered is invalid").
 */
const weightedSum = (digits: string): number => {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[i]) * ((i % 2) + 1)
    sum += product > 9 ? product - 9 : product
  }
  return sum
}

/** Nine digits as typed, or fewer padded with zeros (people often leave out leading zeros); null if not digits. */
export const normalizeIsraeliId = (typed: string): string | null => {
  const digits = typed.trim()
  if (!/^[0-9]{5,9}$/.test(digits)) return null
  return digits.padStart(9, "0")
}

export const isValidIsraeliId = (typed: string): boolean => {
  const id = normalizeIsraeliId(typed)
  // all zeros passes the sum but is nobody's number
  return id !== null && id !== "000000000" && weightedSum(id) % 10 === 0
}

/**
 * Completes eight digits with their check digit, so the seed (and tests) can make numbers this check accepts.
 * Throws on anything else: a caller passing a wrong body is a bug, not a user's typing.
 */
export const withCheckDigit = (eightDigits: string): string => {
  if (!/^[0-9]{8}$/.test(eightDigits) || eightDigits === "00000000")
    throw new Error(`expected eight digits, not all zeros, got ${eightDigits}`)
  return `${eightDigits}${(10 - (weightedSum(eightDigits) % 10)) % 10}`
}
