import { Effect } from "effect"
import { HttpMiddleware, HttpServerRequest, HttpServerResponse } from "effect/http"
import { hasControlCharacter } from "../../domain/shared/wireText.ts"

/**
 * Issue 14, item 2, for every route at once: an address whose path or query carries a control character (a
 * `%00` in `/api/edocuments/x%00`, in a sandbox page's reference, in an inbox number) is answered 400 before any
 * route runs, so none of them hands such text to PostgreSQL (a NUL made it fail, answered with an empty 500).
 * The API's own fields are also checked by the contract's `WireText`, which names the field.
 */
export const urlHasControlCharacter = (url: string): boolean => {
  if (hasControlCharacter(url)) return true
  try {
    // `+` is a space in a query, never a control character: decoding it as-is changes nothing here
    return hasControlCharacter(decodeURIComponent(url))
  } catch {
    // a malformed escape is no control character; the route answers it as it would
    return false
  }
}

export const refuseControlCharacters = HttpMiddleware.make((app) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (!urlHasControlCharacter(request.url)) return yield* app
    return HttpServerResponse.jsonUnsafe(
      {
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        code: "controlCharacters",
        detail: "The address carries a control character.",
      },
      { status: 400, contentType: "application/problem+json" },
    )
  }),
)
