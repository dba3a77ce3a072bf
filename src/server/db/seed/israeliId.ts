/**
 * Israeli ID numbers (Teudat Zehut): nine digits, the last a check digit. Digits are weighted
 * 1,2,1,2,… from the left, two-digit products are replaced by their digit sum, and the total
 * must be a multiple of 10.
 */
const weightedSum = (digits: string): number => {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[i]) * ((i % 2) + 1)
    sum += product > 9 ? product - 9 : product
  }
  return sum
}

export const isValidIsraeliId = (id: string): boolean => /^[0-9]{9}$/.test(id) && weightedSum(id) % 10 === 0

/** Completes eight digits with their check digit. */
export const withCheckDigit = (eightDigits: string): string => {
  if (!/^[0-9]{8}$/.test(eightDigits)) throw new Error(`expected eight digits, got ${eightDigits}`)
  return `${eightDigits}${(10 - (weightedSum(eightDigits) % 10)) % 10}`
}
