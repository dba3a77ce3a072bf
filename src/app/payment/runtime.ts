import { Effect, Layer } from "effect"
import { type CartLog, eventMeta } from "../cart/cartLog.ts"
import { apiFetch, apiUrl } from "../lib/api.ts"
import { solveHumanCheck } from "../lib/humanCheck.ts"
import {
  CartWriteFailed,
  type HttpAnswer,
  type HttpRequest,
  HumanCheck,
  Navigator,
  PaymentCart,
  PaymentHttp,
  PaymentProgress,
  type PaymentStage,
  TransportFailed,
} from "./ports.ts"

/** The browser's implementations of the payment ports. */

/** A request with no answer by then is treated as lost (and retried with the same key where that is safe). */
export const REQUEST_TIMEOUT_MS = 20_000

type Fetch = (input: string, init: RequestInit) => Promise<Response>

/** HTTP over a `fetch` (the browser's, or a test's scripted one), with a timeout per request. */
export const httpLayer = (fetchFn: Fetch, timeoutMs = REQUEST_TIMEOUT_MS) =>
  Layer.succeed(
    PaymentHttp,
    PaymentHttp.of({
      send: (request: HttpRequest) =>
        Effect.tryPromise({
          try: async (signal): Promise<HttpAnswer> => {
            const query: Record<string, string> = {}
            for (const [key, value] of Object.entries(request.query ?? {}))
              if (value !== undefined) query[key] = value
            const response = await fetchFn(apiUrl(request.path, query), {
              method: request.method,
              headers: {
                accept: "application/json",
                ...(request.body === undefined ? {} : { "content-type": "application/json" }),
                ...request.headers,
              },
              body: request.body === undefined ? undefined : JSON.stringify(request.body),
              signal,
            })
            const text = await response.text()
            let body: unknown = null
            try {
              body = text === "" ? null : JSON.parse(text)
            } catch {
              body = null
            }
            return { status: response.status, body }
          },
          catch: () => new TransportFailed({ reason: "network" }),
        }).pipe(
          Effect.timeoutOrElse({
            duration: timeoutMs,
            orElse: () => Effect.fail(new TransportFailed({ reason: "timeout" })),
          }),
        ),
    }),
  )

export const cartLayer = (log: CartLog) =>
  Layer.succeed(
    PaymentCart,
    PaymentCart.of({
      state: () => log.store.state(),
      append: (events) =>
        Effect.tryPromise({
          try: () => log.store.append(events),
          catch: (cause) => new CartWriteFailed({ cause }),
        }),
      cartToken: () => {
        const token = log.cartToken()
        return token === null || token === "" ? null : token
      },
      meta: () => eventMeta(),
    }),
  )

export const humanCheckLayer = Layer.succeed(
  HumanCheck,
  HumanCheck.of({
    token: () =>
      Effect.tryPromise({
        try: (signal) => solveHumanCheck(signal),
        catch: () => new TransportFailed({ reason: "network" }),
      }),
  }),
)

/** A whole-page navigation: the provider's page is another site, never a frame of ours. */
export const browserNavigatorLayer = Layer.succeed(
  Navigator,
  Navigator.of({ leaveFor: (url) => Effect.sync(() => window.location.assign(url)) }),
)

export const progressLayer = (onStage: (stage: PaymentStage) => void) =>
  Layer.succeed(PaymentProgress, PaymentProgress.of({ report: (stage) => Effect.sync(() => onStage(stage)) }))

/** Everything the pipelines need in the browser, for one cart log and one dialog. */
export const browserLayer = (log: CartLog, onStage: (stage: PaymentStage) => void) =>
  Layer.mergeAll(
    // a logged-in customer's calls carry their uuid (apiFetch): the order becomes theirs, their saved cards pay
    httpLayer(apiFetch),
    cartLayer(log),
    humanCheckLayer,
    browserNavigatorLayer,
    progressLayer(onStage),
  )
