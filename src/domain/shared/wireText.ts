import { Schema } from "effect"

/**
 * Text as it reaches us on the wire (issue 14, item 2): any string a request carries — names, codes, references,
 * keys, tokens. A control character has no place in any of them, and a NUL made PostgreSQL refuse the statement,
 * which the server answered with an empty 500. Every request field of the contract is this schema, so such text
 * is a 400 that names the field before any handler or query sees it.
 *
 * Control characters: C0 (U+0000–U+001F, tab and line breaks included: no request field is multi-line) and
 * DEL (U+007F).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text)

export const WireText = Schema.String.pipe(
  Schema.check(
    Schema.makeFilter((text: string) => !hasControlCharacter(text), {
      expected: "text without control characters",
    }),
  ),
)

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_BUT_LINE_BREAK = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/

/**
 * Text a person writes in a box of several lines (a message to the venue): line breaks (LF, CR) are its own;
 * every other control character is refused as `WireText` refuses it.
 */
export const WireParagraphs = Schema.String.pipe(
  Schema.check(
    Schema.makeFilter((text: string) => !CONTROL_BUT_LINE_BREAK.test(text), {
      expected: "text without control characters other than line breaks",
    }),
  ),
)
