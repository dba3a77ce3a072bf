import { OpenApi } from "effect/http-api"
import { MarqueeApi } from "../../../src/api/MarqueeApi.ts"

/**
 * The operations to fuzz, read from the contract itself: the OpenAPI document that `/api/openapi.json` serves,
 * generated from `MarqueeApi`. A group added to the contract later is fuzzed with no change here.
 */

/** The part of JSON Schema the contract's OpenAPI uses (Effect's generator). */
export interface JsonSchema {
  readonly $ref?: string
  readonly type?: string | ReadonlyArray<string>
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly oneOf?: ReadonlyArray<JsonSchema>
  readonly allOf?: ReadonlyArray<JsonSchema>
  readonly enum?: ReadonlyArray<unknown>
  readonly const?: unknown
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: ReadonlyArray<string>
  readonly items?: JsonSchema
  readonly minItems?: number
  readonly maxItems?: number
  readonly minLength?: number
  readonly maxLength?: number
  readonly minimum?: number
  readonly maximum?: number
  readonly exclusiveMinimum?: number
  readonly exclusiveMaximum?: number
  readonly pattern?: string
}

export interface Parameter {
  readonly name: string
  readonly required: boolean
  readonly schema: JsonSchema
}

export interface Operation {
  /** `METHOD /path/{param}`, as reports name it */
  readonly id: string
  readonly method: string
  readonly path: string
  readonly pathParams: ReadonlyArray<Parameter>
  readonly query: ReadonlyArray<Parameter>
  /** header parameters and the credentials the operation's security names (`x-cart-token`, `uuid`) */
  readonly headers: ReadonlyArray<Parameter>
  /** the names of the headers that carry a credential */
  readonly credentials: ReadonlyArray<string>
  /** the JSON payload's schema; undefined for an operation without one */
  readonly body: JsonSchema | undefined
}

interface RawParameter {
  readonly name: string
  readonly in: string
  readonly required?: boolean
  readonly schema?: JsonSchema
}
interface RawOperation {
  readonly parameters?: ReadonlyArray<RawParameter>
  readonly requestBody?: { readonly content?: Readonly<Record<string, { readonly schema?: JsonSchema }>> }
  readonly security?: ReadonlyArray<Readonly<Record<string, ReadonlyArray<string>>>>
}
interface RawSpec {
  readonly paths: Readonly<Record<string, Readonly<Record<string, RawOperation>>>>
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonSchema>>
    readonly securitySchemes?: Readonly<Record<string, { readonly in?: string; readonly name?: string }>>
  }
}

export interface Contract {
  readonly operations: ReadonlyArray<Operation>
  /** `#/components/schemas/...` targets of `$ref` */
  readonly schemas: Readonly<Record<string, JsonSchema>>
}

const METHODS = ["get", "head", "post", "put", "patch", "delete"]

export const readContract = (): Contract => {
  const spec = OpenApi.fromApi(MarqueeApi) as unknown as RawSpec
  const schemes = spec.components.securitySchemes ?? {}
  const credentialNames = Object.values(schemes).flatMap((scheme) =>
    scheme.in === "header" && scheme.name !== undefined ? [scheme.name.toLowerCase()] : [],
  )
  const operations: Array<Operation> = []
  for (const [path, byMethod] of Object.entries(spec.paths)) {
    for (const [method, raw] of Object.entries(byMethod)) {
      if (!METHODS.includes(method)) continue
      const parameters = (raw.parameters ?? []).map((p) => ({
        in: p.in,
        name: p.name,
        required: p.required === true,
        schema: p.schema ?? {},
      }))
      const credentials = [
        ...new Set(
          (raw.security ?? []).flatMap((requirement) =>
            Object.keys(requirement).flatMap((scheme) => {
              const found = schemes[scheme]
              return found?.in === "header" && found.name !== undefined ? [found.name.toLowerCase()] : []
            }),
          ),
        ),
      ]
      const headerParams = parameters.filter((p) => p.in === "header")
      const credentialParams = credentials
        .filter((name) => !headerParams.some((p) => p.name.toLowerCase() === name))
        .map((name) => ({ name, required: false, schema: { type: "string" } }))
      const content = raw.requestBody?.content ?? {}
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === "path"),
        query: parameters.filter((p) => p.in === "query"),
        headers: [...headerParams, ...credentialParams],
        // a header parameter named as a credential (logout's `uuid`) carries one too
        credentials: [
          ...new Set([
            ...credentials,
            ...headerParams.map((p) => p.name.toLowerCase()).filter((name) => credentialNames.includes(name)),
          ]),
        ],
        body: content["application/json"]?.schema ?? Object.values(content)[0]?.schema,
      })
    }
  }
  return { operations, schemas: spec.components.schemas }
}
