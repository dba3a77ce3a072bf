import { createServer } from "node:http"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { HttpMiddleware, HttpRouter, HttpServer } from "effect/http"
import { HttpApiBuilder, HttpApiMiddleware } from "effect/http-api"
import { MarqueeApi } from "../api/MarqueeApi.ts"
import { SEATPLAN_CONTENT_TYPE, STATUS_CONTENT_TYPE } from "../api/SeatsApi.ts"
import { cartSessionsLayer } from "./cart/cartSessions.ts"
import { CartHttp } from "./cart/http.ts"
import { requireDemoMode } from "./config/demoMode.ts"
import { ConfigHttp } from "./config/http.ts"
import { customerSessionsLayer } from "./customer/customerSessions.ts"
import { CustomerHttp } from "./customer/http.ts"
import { CustomerSignInHttp } from "./customer/signIn/http.ts"
import { CustomerAreaHttp } from "./customerArea/http.ts"
import { FeaturesHttp } from "./features/http.ts"
import { clientAppLayer } from "./http/clientApp.ts"
import { refuseControlCharacters } from "./http/refuseControlCharacters.ts"
import { OutboxSender } from "./notifications/OutboxSender.ts"
import { PaymentHttp, ReservationsHttp } from "./payment/http.ts"
import { PaymentRoutes } from "./payment/webhook.ts"
import { PresentationsHttp } from "./presentations/http.ts"
import { altchaHumanCheckLayer } from "./providers/humanCheck/altchaHumanCheck.ts"
import { HumanCheckHttp } from "./providers/humanCheck/http.ts"
import { SandboxInboxRoute } from "./providers/messaging/sandboxInbox.ts"
import { sandboxMessengerLayer } from "./providers/messaging/sandboxMessenger.ts"
import { SeatsHttp } from "./seats/http.ts"

/** Every `/api` endpoint of the contract plus `/api/openapi.json`; needs a migrated SqlClient. */
export const ApiRoutes = HttpApiBuilder.layer(MarqueeApi, { openapiPath: "/api/openapi.json" }).pipe(
  Layer.provide([
    ConfigHttp,
    PresentationsHttp,
    FeaturesHttp,
    CustomerHttp,
    CustomerSignInHttp,
    SeatsHttp,
    CartHttp,
    HumanCheckHttp,
    PaymentHttp,
    ReservationsHttp,
    CustomerAreaHttp,
  ]),
  Layer.provide(altchaHumanCheckLayer),
  // who is asking: the cart token and the customer's uuid, resolved once per request (src/api/sessions.ts)
  Layer.provide([cartSessionsLayer, customerSessionsLayer]),
  // Must come after the groups: validation failures become problem+json naming the field, not an empty 400.
  Layer.provide(HttpApiMiddleware.layerProblemDetails({ includeDetails: true })),
)

/** SMS and e-mail from the outbox, through the sandbox messenger (`sandbox_messages`): at start, then every 3 s. */
export const OutboxJob = OutboxSender.job.pipe(
  Layer.provide(OutboxSender.layer),
  Layer.provide(sandboxMessengerLayer),
)

export interface ServerOptions {
  readonly port: number
  readonly host: string
  readonly distDir: string
}

/**
 * What is worth compressing: Effect's default set (text, JSON, JavaScript, XML, SVG, WebAssembly), the compact
 * seatplan, whose rows of evenly spaced seats are runs of identical bytes, and the status bitmap, mostly runs of
 * free or sold seats.
 */
const compressible = (contentType: string): boolean =>
  /^\s*(text\/|application\/(json|javascript|xml|wasm)\b|image\/svg\+xml\b|[\w.-]+\/[\w.-]+\+(json|xml)\b)/i.test(
    contentType,
  ) ||
  contentType.startsWith(SEATPLAN_CONTENT_TYPE) ||
  contentType.startsWith(STATUS_CONTENT_TYPE)

/**
 * Node's server drops an idle keep-alive connection after 5 s, the moment a client may be sending its next request
 * on it: that request dies with ECONNRESET (a journey's API check did, once). Idle connections stay open longer than
 * clients and proxies keep theirs (Node's agent: 4 s; common proxies: 60 s), so the client always closes first.
 */
const keepAliveServer = () => {
  const server = createServer()
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  return server
}

/**
 * The one HTTP server: the API and the PWA on the same origin (the service worker needs that).
 *
 * Every route and job is built before the port is opened. Node's server accepts connections as soon as it
 * listens, and a request that arrives before the handler is attached is never answered: with
 * `HttpRouter.serve` the port opened first and the routes were built after it, so a client that came in that
 * window (a health check polling for readiness, a browser reloading during a restart) hung for good.
 */
export const httpServerLayer = (options: ServerOptions) =>
  Layer.unwrap(
    Effect.gen(function* () {
      // the sandboxes are all the providers there are: outside demo mode nothing may be served with them
      yield* requireDemoMode
      const handler = yield* HttpRouter.toHttpEffect(
        Layer.mergeAll(
          ApiRoutes,
          PaymentRoutes,
          OutboxJob,
          SandboxInboxRoute,
          clientAppLayer(options.distDir),
        ),
      )
      // The what's-on list is hundreds of kilobytes of repetitive JSON: compressed it is a tenth of that on a phone.
      const compression = HttpMiddleware.compression({
        algorithms: ["br", "gzip"],
        levels: { br: 4, gzip: 6 },
        compressible,
      })
      return HttpServer.serve(handler, (app) => compression(refuseControlCharacters(app))).pipe(
        HttpServer.withLogAddress,
        Layer.provideMerge(
          NodeHttpServer.layerServer(keepAliveServer, { port: options.port, host: options.host }),
        ),
      )
    }),
  ).pipe(Layer.provideMerge(NodeHttpServer.layerHttpServices))
