import { ByteSize, Effect } from "effect"
import {
  HttpIncomingMessage,
  HttpMiddleware,
  HttpServerError,
  HttpServerRequest,
  HttpServerResponse,
} from "effect/http"

/**
 * Issue 20, Defences: "Request bodies have a size limit". Effect reads a body whole, with no limit of its own, so a
 * 10 MB body was read into memory and parsed before the contract refused it. No call of the contract needs more
 * than a few kilobytes (the biggest, a commit of 50 seats with a buyer's details, is under 20 KB); 1 MiB leaves
 * room for any real order and keeps one request's memory small.
 */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024

const tooLarge = () =>
  HttpServerResponse.jsonUnsafe(
    {
      type: "about:blank",
      title: "Content Too Large",
      status: 413,
      code: "bodyTooLarge",
      detail: `A request body may carry at most ${MAX_REQUEST_BODY_BYTES} bytes.`,
    },
    { status: 413, contentType: "application/problem+json" },
  )

/** reading the body stopped at `MaxBodySize` */
const bodyTooLarge = (error: unknown): boolean =>
  HttpServerError.isHttpServerError(error) &&
  error.reason._tag === "RequestParseError" &&
  error.reason.reason === "BodyTooLarge"

/**
 * A declared length over the limit is answered 413 before anything is read. A body without a declared length
 * (chunked) is read here, up to the limit: past it, 413. Read here, not by the route, because a route's failure to
 * read is answered by Effect before any middleware sees it (an empty 413, no code). The body read is cached, so
 * the route reads the same bytes again for free. Every other body is read by the route under `MaxBodySize` too.
 */
export const limitRequestBodies = HttpMiddleware.make((app) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const declared = request.headers["content-length"]
    if (Number(declared ?? "0") > MAX_REQUEST_BODY_BYTES) return tooLarge()
    const limited = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.provideService(effect, HttpIncomingMessage.MaxBodySize, ByteSize.bytes(MAX_REQUEST_BODY_BYTES))
    if (declared === undefined && request.headers["transfer-encoding"] !== undefined) {
      const read = yield* limited(Effect.result(request.arrayBuffer))
      if (read._tag === "Failure" && bodyTooLarge(read.failure)) return tooLarge()
    }
    return yield* limited(app)
  }),
)
