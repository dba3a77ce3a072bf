import fc from "fast-check"
import type { Contract, Operation, Parameter } from "./_contract.ts"
import { hostileText, mutate, mutation, schemaValue, textOf, toJsonText } from "./_inputs.ts"

/** One request the fuzzer sends, with a short account of what it carries for the report. */
export interface FuzzCase {
  readonly method: string
  /** path and query, escaped as they go on the wire */
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: Buffer | string
  readonly description: string
}

/** Live credentials of the run (a cart's token, a customer's uuid) by header name. */
export type Credentials = Readonly<Record<string, string>>

/** Every byte outside the unreserved set escaped, NUL and lone surrogates included (those as U+FFFD). */
export const escapeText = (text: string): string =>
  Array.from(Buffer.from(text, "utf8"), (byte) =>
    /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
  ).join("")

/**
 * A header value as a client puts it on the wire: the text's UTF-8 bytes (an RTL override arrives as its three
 * bytes). Node's client refuses to send control characters other than tab in a header at all, so those go as `?`.
 */
const headerText = (text: string): string =>
  Buffer.from(text, "utf8")
    .toString("latin1")
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, "?")

/** A value for the report: long ones cut, with their length. */
export const describeValue = (value: unknown): string => {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
  return text.length <= 80 ? text : `${text.slice(0, 60)}…(${text.length} chars)`
}

type Choice<A> = { readonly kind: string; readonly value: A | undefined }

const choice = <A>(kind: string, value: fc.Arbitrary<A | undefined>) =>
  value.map((v): Choice<A> => ({ kind, value: v }))

/** A parameter's value: from its schema mostly, hostile often, absent sometimes. */
const parameterValue = (parameter: Parameter, contract: Contract): fc.Arbitrary<Choice<string>> =>
  fc.oneof(
    { weight: 4, arbitrary: choice("valid", textOf(parameter.schema, contract.schemas)) },
    { weight: 3, arbitrary: choice("hostile", hostileText) },
    { weight: 1, arbitrary: choice<string>("absent", fc.constant(undefined)) },
  )

/** A credential: the live one, none, one never issued, or hostile text. */
const credentialValue = (live: string | undefined): fc.Arbitrary<Choice<string>> =>
  fc.oneof(
    { weight: 4, arbitrary: choice<string>("live", fc.constant(live)) },
    { weight: 1, arbitrary: choice<string>("absent", fc.constant(undefined)) },
    { weight: 1, arbitrary: choice("unknown", fc.uuid()) },
    { weight: 2, arbitrary: choice("hostile", hostileText) },
  )

interface BodyChoice {
  readonly kind: string
  readonly contentType: string | undefined
  readonly body: string | Buffer | undefined
  readonly shown: string
}

const INVALID_JSON: ReadonlyArray<string> = [
  "{",
  '{"a":',
  "{'a':1}",
  "[1,]",
  "",
  "null",
  "[]",
  '"text"',
  "1e400",
  "\u0000",
  "\uFEFF{}",
  '{"a":1}{"b":2}',
  '{"a":1,"a":2}',
]

const WRONG_CONTENT_TYPES: ReadonlyArray<string> = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "application/octet-stream",
  "*/*",
  "application/json\u202E",
]

/** The body: from the payload's schema, the same with one hostile change, invalid JSON, or a wrong type. */
const bodyChoice = (operation: Operation, contract: Contract): fc.Arbitrary<BodyChoice> => {
  const json = "application/json"
  if (operation.body === undefined)
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constant({ kind: "none", contentType: undefined, body: undefined, shown: "" }),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...INVALID_JSON).map((text) => ({
          kind: "unexpected",
          contentType: json,
          body: text,
          shown: describeValue(text),
        })),
      },
    )
  const valid = schemaValue(operation.body, contract.schemas)
  return fc.oneof(
    {
      weight: 3,
      arbitrary: valid.map((value) => ({
        kind: "valid",
        contentType: json,
        body: toJsonText(value),
        shown: describeValue(value),
      })),
    },
    {
      weight: 6,
      arbitrary: fc.tuple(valid, mutation).map(([value, change]) => {
        const changed = mutate(value, change)
        return {
          kind: `mutated(${change._tag})`,
          contentType: json,
          body: changed === undefined ? "" : toJsonText(changed),
          shown: describeValue(changed),
        }
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...INVALID_JSON).map((text) => ({
        kind: "invalidJson",
        contentType: json,
        body: text,
        shown: describeValue(text),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...WRONG_CONTENT_TYPES, undefined)).map(([value, type]) => ({
        kind: `contentType(${type ?? "none"})`,
        contentType: type === undefined ? undefined : headerText(type),
        body: toJsonText(value),
        shown: describeValue(value),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({
        kind: "randomBytes",
        contentType: json,
        body: Buffer.from(bytes),
        shown: Buffer.from(bytes).toString("hex"),
      })),
    },
  )
}

/** Every request the fuzzer may send to the operation. */
export const caseFor = (
  operation: Operation,
  contract: Contract,
  live: Credentials,
): fc.Arbitrary<FuzzCase> => {
  const record = <A>(parameters: ReadonlyArray<Parameter>, value: (p: Parameter) => fc.Arbitrary<A>) =>
    fc.tuple(...parameters.map((p) => value(p).map((v) => [p.name, v] as const)))
  const headerParameter = (p: Parameter) =>
    operation.credentials.includes(p.name.toLowerCase())
      ? credentialValue(live[p.name.toLowerCase()])
      : parameterValue(p, contract)
  const extraQuery = fc.option(
    fc.tuple(fc.constantFrom("unknown", "lang", "id", "__proto__", "a[]"), hostileText),
    { freq: 4 },
  )
  return fc
    .record({
      path: record(operation.pathParams, (p) => parameterValue(p, contract)),
      query: record(operation.query, (p) => parameterValue(p, contract)),
      extraQuery,
      headers: record(operation.headers, headerParameter),
      body: bodyChoice(operation, contract),
    })
    .map(({ path, query, extraQuery, headers, body }) => {
      // a path parameter is never absent: the route would not match at all, which says nothing of the operation
      const address = path.reduce(
        (at, [name, value]) => at.replace(`{${name}}`, escapeText(value.value ?? "")),
        operation.path,
      )
      const pairs = [
        ...query.flatMap(([name, value]) =>
          value.value === undefined ? [] : [[name, value.value] as const],
        ),
        ...(extraQuery === null ? [] : [extraQuery]),
      ]
      const search = pairs.map(([name, value]) => `${escapeText(name)}=${escapeText(value)}`).join("&")
      const sent: Record<string, string> = {}
      for (const [name, value] of headers) if (value.value !== undefined) sent[name] = headerText(value.value)
      if (body.contentType !== undefined) sent["content-type"] = body.contentType
      const parts = [
        ...path.map(([name, value]) => `path ${name}=${value.kind}:${describeValue(value.value)}`),
        ...query.map(([name, value]) => `query ${name}=${value.kind}:${describeValue(value.value)}`),
        ...(extraQuery === null ? [] : [`query+ ${extraQuery[0]}=${describeValue(extraQuery[1])}`]),
        ...headers.map(([name, value]) => `header ${name}=${value.kind}:${describeValue(value.value)}`),
        ...(body.kind === "none" ? [] : [`body ${body.kind}: ${body.shown}`]),
      ]
      return {
        method: operation.method,
        path: search === "" ? address : `${address}?${search}`,
        headers: sent,
        ...(body.body === undefined ? {} : { body: body.body }),
        description: parts.join("; "),
      }
    })
}

/**
 * A body one byte over the server's limit (src/server/http/limitRequestBodies.ts), sent once to every operation:
 * issue 20's 10 MB body at the boundary that decides it. The limit is one middleware around every route, which
 * refuses any declared length over it before reading a byte, so one byte over proves the refusal for each
 * operation as well as 10 MB did, with a tenth of the bytes built and sent. A declared 10 MB body and a chunked
 * one over the limit: tests/server/http/bodyLimits.integration.test.ts.
 */
export const oversizeCase = (operation: Operation, live: Credentials, limitBytes: number): FuzzCase => {
  const path = operation.pathParams.reduce((at, p) => at.replace(`{${p.name}}`, "1"), operation.path)
  const headers: Record<string, string> = { "content-type": "application/json" }
  for (const name of operation.credentials) {
    const value = live[name]
    if (value !== undefined) headers[name] = value
  }
  const shell = JSON.stringify({ padding: "" })
  const body = JSON.stringify({ padding: "x".repeat(limitBytes + 1 - shell.length) })
  return {
    method: operation.method,
    path,
    headers,
    body,
    description: `body of ${body.length} bytes (the limit is ${limitBytes})`,
  }
}
