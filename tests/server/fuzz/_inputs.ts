import fc from "fast-check"
import type { JsonSchema } from "./_contract.ts"

/**
 * Input for the contract fuzzer: values that follow a JSON Schema ("valid-looking") and the hostile values it
 * swaps in anywhere (issue 20, Proof: wrong types, missing and unknown fields, huge strings and arrays, control and
 * RTL-override characters, NUL bytes, odd numbers, SQL and XSS payloads).
 */

const ONE_MB = 1_000_000

/** Strings no field should choke on. */
export const HOSTILE_STRINGS: ReadonlyArray<string> = [
  "",
  " ",
  "A".repeat(ONE_MB),
  "\u202Egnp.exe\u202C",
  "\u202E\u0635\u0641\u0631\u202D",
  "a\u0000b",
  "\u0000",
  "\u0001\u0007\u001b[31m\u007f",
  "line\r\nbreak",
  "\uD800",
  "\uFEFF\u200B\u2028\u2029",
  "' OR '1'='1",
  "1; DROP TABLE carts; --",
  "') UNION SELECT token, null FROM carts --",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "%00%2e%2e%2f",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally
  "${7*7}{{7*7}}<%= 7*7 %>",
  "🎟️".repeat(2_000),
  "NaN",
  "-1",
  "1e309",
  "0x7fffffff",
  "9".repeat(400),
  "null",
  "true",
  "[]",
  "{}",
]

/** Numbers that are not the small non-negative integers the contract's ids are. */
export const HOSTILE_NUMBERS: ReadonlyArray<number> = [
  -1,
  0,
  -0.5,
  0.5,
  1.5,
  -(2 ** 31),
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  5e-324,
]

/**
 * JSON text that `JSON.stringify` cannot produce, spliced into a body in place of a marker string: NaN and
 * Infinity literals (invalid JSON), numbers that parse to Infinity or lose precision, and nesting deep enough to
 * exhaust a recursive decoder.
 */
export const RAW_LITERALS: ReadonlyArray<string> = [
  "NaN",
  "Infinity",
  "-Infinity",
  "1e400",
  "-1e400",
  "1e-400",
  "123456789012345678901234567890",
  `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
  `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
]
const RAW_MARKER = "__fuzz_raw_literal_"
export const rawLiteral = (index: number): string => `${RAW_MARKER}${index}__`

/** The body text of a JSON value in which raw-literal markers become their literal. */
export const toJsonText = (value: unknown): string =>
  JSON.stringify(value).replace(
    new RegExp(`"${RAW_MARKER}(\\d+)__"`, "g"),
    (_, index: string) => RAW_LITERALS[Number(index)] ?? "null",
  )

/** Values of the wrong type for wherever they land, prototype-pollution keys included. */
const HOSTILE_OTHERS: ReadonlyArray<unknown> = [
  null,
  true,
  false,
  {},
  [],
  [[[]]],
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  Array.from({ length: 100_000 }, () => 1),
  Array.from({ length: 1_000 }, () => ({ a: "b" })),
]

/** Any one hostile value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...RAW_LITERALS.map((_, index) => rawLiteral(index))),
  fc.constantFrom(...HOSTILE_OTHERS),
  fc.string({ unit: "binary", maxLength: 40 }),
)

/** A hostile value as text (for a path segment, a query value or a header). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS.map(String)),
  fc.constantFrom(...RAW_LITERALS.slice(0, 7)),
  fc.string({ unit: "binary", maxLength: 40 }),
)

const resolve = (schema: JsonSchema, schemas: Readonly<Record<string, JsonSchema>>): JsonSchema => {
  if (schema.$ref === undefined) return schema
  const name = schema.$ref.replace("#/components/schemas/", "")
  return resolve(schemas[name] ?? {}, schemas)
}

const boundedInteger = (schema: JsonSchema): fc.Arbitrary<number> => {
  const min = Math.max(schema.minimum ?? -1_000_000, -1_000_000)
  const max = Math.min(schema.maximum ?? 1_000_000, 1_000_000)
  return min <= max ? fc.integer({ min, max }) : fc.constant(schema.minimum ?? 0)
}

const patterned = (pattern: string): fc.Arbitrary<string> => {
  try {
    return fc.stringMatching(new RegExp(pattern)).filter((text) => text.length <= 200)
  } catch {
    return fc.string({ maxLength: 20 })
  }
}

/** A value the schema accepts as far as JSON Schema can tell (the contract's own filters may still refuse it). */
export const schemaValue = (
  schema: JsonSchema,
  schemas: Readonly<Record<string, JsonSchema>>,
  depth = 0,
): fc.Arbitrary<unknown> => {
  const s = resolve(schema, schemas)
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum !== undefined && s.enum.length > 0) return fc.constantFrom(...s.enum)
  const alternatives = s.anyOf ?? s.oneOf
  if (alternatives !== undefined && alternatives.length > 0)
    return fc.oneof(...alternatives.map((alternative) => schemaValue(alternative, schemas, depth + 1)))
  if (s.allOf !== undefined && s.allOf.length > 0)
    return schemaValue(s.allOf[0] as JsonSchema, schemas, depth + 1)
  const types = s.type === undefined ? [] : typeof s.type === "string" ? [s.type] : s.type
  if (types.length > 1)
    return fc.oneof(...types.map((type) => schemaValue({ ...s, type }, schemas, depth + 1)))
  switch (types[0]) {
    case "string":
      if (s.pattern !== undefined) return patterned(s.pattern)
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 24, 200) })
    case "integer":
      return boundedInteger(s)
    case "number":
      return fc.double({
        min: Math.max(s.minimum ?? -1e6, -1e6),
        max: Math.min(s.maximum ?? 1e6, 1e6),
        noNaN: true,
        noDefaultInfinity: true,
      })
    case "boolean":
      return fc.boolean()
    case "null":
      return fc.constant(null)
    case "array": {
      const max = Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, depth > 3 ? 1 : 3))
      return fc.array(schemaValue(s.items ?? {}, schemas, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: max,
      })
    }
    case "object": {
      const properties = s.properties ?? {}
      const required = s.required ?? []
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, schemaValue(property, schemas, depth + 1)]),
      )
      return fc.record(model, { requiredKeys: required.filter((key) => key in properties) })
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** Text for a parameter (path, query, header) the schema accepts as far as JSON Schema can tell. */
export const textOf = (
  schema: JsonSchema,
  schemas: Readonly<Record<string, JsonSchema>>,
): fc.Arbitrary<string> =>
  schemaValue(schema, schemas).map((value) => (typeof value === "string" ? value : JSON.stringify(value)))

/** Every place in a JSON value where another value can go: `[]` is the whole value. */
const placesIn = (value: unknown, at: ReadonlyArray<string | number> = []): Array<Array<string | number>> => {
  const here = [[...at]]
  if (Array.isArray(value))
    return [...here, ...value.flatMap((item, index) => placesIn(item, [...at, index]))]
  if (value !== null && typeof value === "object")
    return [...here, ...Object.entries(value).flatMap(([key, item]) => placesIn(item, [...at, key]))]
  return here
}

export type Mutation =
  | { readonly _tag: "Replace"; readonly pick: number; readonly value: unknown }
  | { readonly _tag: "Remove"; readonly pick: number }
  | { readonly _tag: "AddUnknown"; readonly pick: number; readonly key: string; readonly value: unknown }

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ _tag: fc.constant("Replace" as const), pick: fc.nat(), value: hostileValue }),
  },
  { weight: 2, arbitrary: fc.record({ _tag: fc.constant("Remove" as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      _tag: fc.constant("AddUnknown" as const),
      pick: fc.nat(),
      key: fc.constantFrom(
        "unknownField",
        "__proto__",
        "constructor",
        "isAdmin",
        "",
        "\u0000",
        "A".repeat(10_000),
      ),
      value: hostileValue,
    }),
  },
)

const clone = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value))

/** The value with one hostile change at one of its places. */
export const mutate = (value: unknown, change: Mutation): unknown => {
  const places = placesIn(value)
  const place = places[change.pick % places.length] ?? []
  if (place.length === 0) {
    if (change._tag === "Replace") return change.value
    if (change._tag === "Remove") return undefined
  }
  const root = clone(value) as Record<string | number, unknown>
  let parent: Record<string | number, unknown> = root
  for (const step of place.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
  const last = place[place.length - 1] as string | number
  if (change._tag === "Replace") parent[last] = change.value
  else if (change._tag === "Remove") {
    if (Array.isArray(parent)) parent.splice(Number(last), 1)
    else delete parent[last]
  } else {
    const target = place.length === 0 ? root : parent[last]
    const unknown = { [change.key]: change.value }
    if (target !== null && typeof target === "object" && !Array.isArray(target))
      Object.defineProperty(target, change.key, { value: change.value, enumerable: true, writable: true })
    else if (place.length === 0) return unknown
    else parent[last] = unknown
  }
  return root
}
