import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { StaffSession } from "./StaffApi.ts"
import { LangQuery } from "./shared.ts"

/**
 * Live monitoring refreshes by server-sent events (issue 18 "Installed and live"): `GET /api/PRES-live/events`
 * answers `text/event-stream`, read with fetch (an EventSource cannot send the `x-staff-token` header).
 *
 * Events: `ready` once (the stream is live), `change` whenever a seat, an order or a ticket reference changed
 * anywhere (its data is the change counter), and a `: ping` comment now and then so proxies keep the connection.
 * An event names no business and no number: it only says "ask again", and the asking goes through the scoped calls.
 * The stream ends after a few minutes; the app reconnects, and polls while it is not connected.
 */
export class LiveEventsApi extends HttpApiGroup.make("liveEvents")
  .add(
    HttpApiEndpoint.get("events", "/PRES-live/events", {
      query: { lang: LangQuery },
      success: Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/event-stream" })),
    }),
  )
  .middleware(StaffSession) {}
