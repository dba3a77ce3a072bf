import { Schema } from "effect"
import type { HttpRouter } from "effect/http"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { InvalidLiveRequest, ScopeQuery, StaffSession } from "./StaffApi.ts"

/**
 * Brokers in live monitoring (spec §4 "Brokers can lock, unlock and save event presentations for sale", §8 "broker
 * lock/unlock/save success and failure messages"; the spec shows no calls, so they are designed here, in the
 * spelling of the other `/PRES-live` calls). Behind the staff session; the rules are src/domain/live/brokers.ts.
 *
 * - Only a broker (`staff_users.is_broker`, read on every call, so taking the role away takes effect at once) may
 *   call them; anyone else gets 403 `notBroker`, and nothing is read.
 * - Only presentations of the staff member's businesses (the `businessIds` narrowing rule of StaffApi.ts): another
 *   business's presentation answers exactly as one that does not exist (404 `presentationNotFound`), whatever
 *   business ids the request names, so its existence leaks nothing.
 * - For buyers: `lock` takes the presentation off sale (the shop lists it as not on sale, and the seat lock, best
 *   available and the commit refuse it as `notOnSale`); `unlock` gives back the sale switch as it was before the
 *   lock (a presentation on sale is sellable again); `saveForSale` puts it on sale (and releases a lock). Seats
 *   already held in carts when a lock lands stay held until they lapse, but no commit can pay for them.
 * - Idempotent and race-safe: each action is one conditional UPDATE, so two calls at once leave one state; a call
 *   that finds its state already there answers 200 with `changed: false`. A presentation that has started cannot be
 *   locked or saved for sale (409 `presentationStarted`).
 */

export const SaleStateSchema = Schema.Literals(["onSale", "offSale", "locked"])

export const BrokerPresentation = Schema.Struct({
  PresentationId: Schema.Int,
  SaleState: SaleStateSchema,
  /** the broker holding the lock ("First Last"), or null */
  LockedBy: Schema.NullOr(Schema.String),
  /** when it was locked (ISO instant), or null */
  LockedAt: Schema.NullOr(Schema.String),
  /** it has started: it can no longer be locked or saved for sale */
  Started: Schema.Boolean,
})
export type BrokerPresentation = typeof BrokerPresentation.Type

export const BrokerActionDone = Schema.Struct({
  presentation: BrokerPresentation,
  /** false: the presentation was already in the state the action leads to (a repeated or simultaneous call) */
  changed: Schema.Boolean,
})
export type BrokerActionDone = typeof BrokerActionDone.Type

/** A staff member who is not a broker. */
export class BrokerForbidden extends Schema.TaggedError<BrokerForbidden>()(
  "BrokerForbidden",
  { error: Schema.Literal("notBroker") },
  { httpApiStatus: 403 },
) {}

/** A presentation that is not there, or not of the staff member's businesses: the two are answered alike. */
export class BrokerPresentationNotFound extends Schema.TaggedError<BrokerPresentationNotFound>()(
  "BrokerPresentationNotFound",
  { error: Schema.Literal("presentationNotFound") },
  { httpApiStatus: 404 },
) {}

/** An action that cannot be taken now: nothing changed. */
export class BrokerActionRefused extends Schema.TaggedError<BrokerActionRefused>()(
  "BrokerActionRefused",
  { error: Schema.Literal("presentationStarted") },
  { httpApiStatus: 409 },
) {}

const actionErrors = [InvalidLiveRequest, BrokerForbidden, BrokerPresentationNotFound, BrokerActionRefused]

/** One broker action at its path; the body is empty (the presentation is in the path). */
const action = <const Name extends string, const Path extends HttpRouter.PathInput>(name: Name, path: Path) =>
  HttpApiEndpoint.post(name, path, {
    params: { presentationId: Schema.Int },
    query: ScopeQuery,
    success: BrokerActionDone,
    error: actionErrors,
  })

export class LiveBrokersApi extends HttpApiGroup.make("liveBrokers")
  .add(
    // the sale states of the presentations a screen shows (comma-separated ids, at most 200); ids outside the
    // member's businesses are left out of the answer
    HttpApiEndpoint.get("brokerPresentations", "/PRES-live/brokers/presentations", {
      query: { ...ScopeQuery, presentationIds: Schema.String },
      success: Schema.Struct({ presentations: Schema.Array(BrokerPresentation) }),
      error: [InvalidLiveRequest, BrokerForbidden],
    }),
  )
  .add(action("lockPresentation", "/PRES-live/brokers/lock/:presentationId"))
  .add(action("unlockPresentation", "/PRES-live/brokers/unlock/:presentationId"))
  .add(action("savePresentationForSale", "/PRES-live/brokers/saveForSale/:presentationId"))
  .middleware(StaffSession) {}
