import { request as httpRequest } from "node:http"

/**
 * One HTTP request as a hostile client sends it: any method, an address already escaped, header values of any
 * Latin-1 bytes Node lets through, any body bytes with or without a declared length. Unlike `fetch` it adds no
 * header of its own and normalizes nothing, and it gives up after `timeoutMs` (a hang is an answer too).
 */
export interface RawRequest {
  readonly method: string
  /** path and query, escaped as they go on the wire */
  readonly path: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: Buffer | string
  /** send the body chunked, with no `content-length` */
  readonly chunked?: boolean
  readonly timeoutMs: number
}

export type RawAnswer =
  | {
      readonly _tag: "Answered"
      readonly status: number
      readonly contentType: string
      readonly text: string
    }
  | { readonly _tag: "TimedOut" }
  | { readonly _tag: "Failed"; readonly message: string }

export const rawRequest = (baseUrl: string, options: RawRequest): Promise<RawAnswer> =>
  new Promise((resolve) => {
    let settled = false
    const settle = (answer: RawAnswer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(answer)
    }
    const body = options.body === undefined ? undefined : Buffer.from(options.body)
    const headers: Record<string, string> = { connection: "close", ...options.headers }
    if (body !== undefined && options.chunked !== true) headers["content-length"] = String(body.length)
    const request = httpRequest(
      `${baseUrl}${options.path}`,
      { method: options.method, headers },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () =>
          settle({
            _tag: "Answered",
            status: response.statusCode ?? 0,
            contentType: String(response.headers["content-type"] ?? ""),
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        )
        response.on("error", (error) => settle({ _tag: "Failed", message: error.message }))
      },
    )
    const timer = setTimeout(() => {
      settle({ _tag: "TimedOut" })
      request.destroy()
    }, options.timeoutMs)
    // a server that answers before the whole body is sent may close the socket under the rest of it: the answer
    // it sent still counts, so a write error only settles when no answer came
    request.on("error", (error) => setTimeout(() => settle({ _tag: "Failed", message: error.message }), 200))
    if (body === undefined) request.end()
    else if (options.chunked === true) {
      const size = 64 * 1024
      for (let at = 0; at < body.length; at += size) request.write(body.subarray(at, at + size))
      request.end()
    } else request.end(body)
  })
