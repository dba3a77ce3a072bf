/**
 * A number or address set into a sentence of either direction: wrapped in a left-to-right isolate (U+2066 … U+2069),
 * so a Hebrew sentence keeps its punctuation where it belongs and the digits read left to right.
 */
export const isolatedLtr = (text: string): string => `\u2066${text}\u2069`
