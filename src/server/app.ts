import { createServer } from "node:http"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { HttpMiddleware, HttpRouter, HttpServer } from "effect/http"
import { HttpApiBuilder, HttpApiMiddleware } from "effect/http-api"
import { MarqueeApi } from "../api/MarqueeApi.ts"
import { SEATPLAN_CONTENT_TYPE, STATUS_CONTENT_TYPE } from "../api/SeatsApi.ts"
import { cartSessionsLayer } from "./cart/cartSessions.ts"
import { CartHttp } from "./cart/http.ts"
import { CinemasHttp } from "./cinemas/http.ts"
import { requireDemoMode } from "./config/demoMode.ts"
import { ConfigHttp } from "./config/http.ts"
import { customerSessionsLayer } from "./customer/customerSessions.ts"
import { CustomerHttp } from "./customer/http.ts"
import { CustomerSignInHttp } from "./customer/signIn/http.ts"
import { CustomerAreaHttp } from "./customerArea/http.ts"
import { EDocumentsHttp } from "./edocuments/http.ts"
import { EnrolHttp } from "./enrol/http.ts"
import { FeaturesHttp } from "./features/http.ts"
import { FormsHttp } from "./forms/http.ts"
import { clientAppLayer } from "./http/clientApp.ts"
import { E2eClockRoute } from "./http/e2eClock.ts"
import { everyResponseHeaders } from "./http/everyResponseHeaders.ts"
import { limitRequestBodies } from "./http/limitRequestBodies.ts"
import { answerClientError, problemForBareRefusals } from "./http/problemAnswers.ts"
import { refuseControlCharacters } from "./http/refuseControlCharacters.ts"
import { MembershipsHttp } from "./memberships/http.ts"
import { IntegrationHttp, MiniSiteHttp } from "./miniSite/http.ts"
import { OutboxSender } from "./notifications/OutboxSender.ts"
import { PaymentHttp, ReservationsHttp } from "./payment/http.ts"
import { PaymentRoutes } from "./payment/webhook.ts"
import { PresentationsHttp } from "./presentations/http.ts"
import { altchaHumanCheckLayer } from "./providers/humanCheck/altchaHumanCheck.ts"
import { HumanCheckHttp } from "./providers/humanCheck/http.ts"
import { SandboxInboxRoute } from "./providers/messaging/sandboxInbox.ts"
import { sandboxMessengerLayer } from "./providers/messaging/sandboxMessenger.ts"
import { SeatsHttp } from "./seats/http.ts"
import { ShopHttp } from "./shop/http.ts"
import { LiveBrokersHttp } from "./staff/brokersHttp.ts"
import { LiveEventsHttp } from "./staff/eventsHttp.ts"
import { LiveFeatureViewHttp } from "./staff/featureViewHttp.ts"
import { LiveHttp, StaffAuthHttp } from "./staff/http.ts"
import { LiveReferencesHttp } from "./staff/referencesHttp.ts"
import { LiveReportsHttp } from "./staff/reportsHttp.ts"
import { staffSessionsLayer } from "./staff/staffSessions.ts"
import { VodHttp } from "./vod/http.ts"
import { VodStreamRoute } from "./vod/streamRoute.ts"
import { WaiverHttp } from "./waiver/http.ts"

/** Every `/api` endpoint of the contract plus `/api/openapi.json`; needs a migrated SqlClient. */
export const ApiRoutes = HttpApiBuilder.layer(MarqueeApi, { openapiPath: "/api/openapi.json" }).pipe(
  Layer.provide([
    ConfigHttp,
    PresentationsHttp,
    FeaturesHttp,
    CinemasHttp,
    CustomerHttp,
    CustomerSignInHttp,
    SeatsHttp,
    CartHttp,
    HumanCheckHttp,
    PaymentHttp,
    ReservationsHttp,
    EDocumentsHttp,
    CustomerAreaHttp,
    ShopHttp,
    StaffAuthHttp,
    LiveHttp,
    MembershipsHttp,
    VodHttp,
    EnrolHttp,
    LiveReportsHttp,
    FormsHttp,
    LiveReferencesHttp,
    LiveFeatureViewHttp,
    LiveEventsHttp,
    LiveBrokersHttp,
    MiniSiteHttp,
    IntegrationHttp,
    WaiverHttp,
  ]),
  Layer.provide(altchaHumanCheckLayer),
  // who is asking: the cart token and the customer's uuid, resolved once per request (src/api/sessions.ts)
  Layer.provide([cartSessionsLayer, customerSessionsLayer, staffSessionsLayer]),
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
  /** how long a request, body included, may take to arrive (default {@link REQUEST_TIMEOUT_MS}) */
  readonly requestTimeoutMs?: number
}

/**
 * Issue 20, Defences: "a slow or endless body is cut off". A request whose headers and body have not all arrived
 * within this time is answered 408 by Node and its connection closed, so a client trickling a byte a second holds
 * no connection and no request memory for long. Idle keep-alive connections between requests are not affected
 * (Node times a request from its first byte).
 */
export const REQUEST_TIMEOUT_MS = 30_000

/**
 * What is worth compressing: Effect's default set (text, JSON, JavaScript, XML, SVG, WebAssembly), the compact
 * seatplan, whose rows of evenly spaced seats are runs of identical bytes, and the status bitmap, mostly runs of
 * free or sold seats.
 */
const compressible = (contentType: string): boolean =>
  // server-sent events must reach the browser as they are written: a compressor would hold them back
  (!contentType.startsWith("text/event-stream") &&
    /^\s*(text\/|application\/(json|javascript|xml|wasm)\b|image\/svg\+xml\b|[\w.-]+\/[\w.-]+\+(json|xml)\b)/i.test(
      contentType,
    )) ||
  contentType.startsWith(SEATPLAN_CONTENT_TYPE) ||
  contentType.startsWith(STATUS_CONTENT_TYPE)

/**
 * Node's server drops an idle keep-alive connection after 5 s, the moment a client may be sending its next request
 * on it: that request dies with ECONNRESET (a journey's API check did, once). Idle connections stay open longer than
 * clients and proxies keep theirs (Node's agent: 4 s; common proxies: 60 s), so the client always closes first.
 */
const keepAliveServer = (requestTimeout: number) => () => {
  // the request timeout is checked every second, not every 30 s (Node's default): a cut-off comes on time
  const server = createServer({
    requestTimeout,
    connectionsCheckingInterval: Math.min(1_000, requestTimeout),
  })
  server.keepAliveTimeout = 65_000
  // Node times the headers from a request's first byte, not from the idle time before it, so this no longer has
  // to outlast the keep-alive; above the request timeout it would switch that timeout off (measured on Node 24)
  server.headersTimeout = requestTimeout
  // what Node's parser refuses (a 1 MB address, a malformed header, a request that came too slowly) gets a code
  server.on("clientError", answerClientError)
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
          VodStreamRoute,
          OutboxJob,
          SandboxInboxRoute,
          // journeys only (E2E_CLOCK_MOVES): moves the server's clock; nothing without the switch
          E2eClockRoute,
          clientAppLayer(options.distDir),
        ),
      )
      // The what's-on list is hundreds of kilobytes of repetitive JSON: compressed it is a tenth of that on a phone.
      const compression = HttpMiddleware.compression({
        algorithms: ["br", "gzip"],
        levels: { br: 4, gzip: 6 },
        compressible,
      })
      return HttpServer.serve(problemForBareRefusals(handler), (app) =>
        everyResponseHeaders(compression(refuseControlCharacters(limitRequestBodies(app)))),
      ).pipe(
        HttpServer.withLogAddress,
        Layer.provideMerge(
          NodeHttpServer.layerServer(keepAliveServer(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS), {
            port: options.port,
            host: options.host,
          }),
        ),
      )
    }),
  ).pipe(Layer.provideMerge(NodeHttpServer.layerHttpServices))
