import { Temporal } from "@js-temporal/polyfill"
import { Clock, Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { MarketingFormRefused, MarketingFormsLimited } from "../../api/FormsApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import type { MarketingFormKind } from "../../domain/forms/marketingFormKinds.ts"
import { checkMarketingForm } from "../../domain/forms/marketingForms.ts"
import { type Limit, takeFromLimits } from "../limits/RateLimits.ts"
import { chainToday } from "../time.ts"
import { VenueInboxConfig, venueInbox } from "./venueInbox.ts"

/**
 * Receiving a marketing form (issue 19): checked by the domain's rules against the venue's today and the
 * locations that exist, stored, and queued for the venue's inbox in the same transaction, so a stored form is
 * always mailed and a refused one leaves no trace. A person sends a few forms; 10 an hour and 30 a day per client
 * (counted in PostgreSQL, so every server process shares the count) stop a script without stopping anyone real.
 */

const LIMITS = (client: string): ReadonlyArray<Limit> => [
  { key: `marketingForm:hour:${client}`, limit: 10, windowSeconds: 3600 },
  { key: `marketingForm:day:${client}`, limit: 30, windowSeconds: 86_400 },
]

export interface MarketingFormInput {
  readonly kind: MarketingFormKind
  readonly values: Readonly<Record<string, string>>
  readonly locale: LocaleCode
  readonly client: string
}

export class MarketingForms extends Context.Service<
  MarketingForms,
  {
    readonly send: (
      input: MarketingFormInput,
    ) => Effect.Effect<{ readonly reference: string }, MarketingFormRefused | MarketingFormsLimited>
  }
>()("marquee/forms/MarketingForms") {
  static readonly layer = Layer.effect(
    MarketingForms,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const inboxPattern = yield* VenueInboxConfig

      const locationIds = sql<{ id: number }>`
        SELECT id FROM locations WHERE NOT is_head_office`.pipe(
        Effect.map((rows) => new Set(rows.map((row) => row.id))),
      )

      const send = Effect.fn("MarketingForms.send")(
        function* (input: MarketingFormInput) {
          const today = chainToday(Temporal.Instant.fromEpochMilliseconds(yield* Clock.currentTimeMillis))
          const checked = checkMarketingForm(input.kind, input.values, {
            today: today.toString(),
            locationIds: yield* locationIds,
          })
          if (Object.keys(checked.errors).length > 0)
            return yield* new MarketingFormRefused({ error: "formInvalid", fields: checked.errors })
          // counted after the check: a person correcting a typo does not use up their sends
          if (!(yield* takeFromLimits(LIMITS(input.client))))
            return yield* new MarketingFormsLimited({ error: "formsLimited", retryAfterSeconds: 3600 })

          const locationId =
            checked.values.locationId === undefined ? null : Number(checked.values.locationId)
          return yield* sql.withTransaction(
            Effect.gen(function* () {
              const [row] = yield* sql<{ id: string }>`
              INSERT INTO marketing_forms (kind, location_id, fields, locale, client)
              VALUES (${input.kind}, ${locationId}, ${JSON.stringify(checked.values)}::jsonb, ${input.locale},
                ${input.client})
              RETURNING id::text AS id`
              const reference = `F${row?.id ?? ""}`
              const [location] =
                locationId === null
                  ? []
                  : yield* sql<{ name: string | null }>`
                    SELECT name->>'he' AS name FROM locations WHERE id = ${locationId}`
              const payload = {
                template: "marketingForm",
                kind: input.kind,
                reference,
                fields: checked.values,
                locationName: location?.name ?? null,
                askerLocale: input.locale,
              }
              yield* sql`
              INSERT INTO outbox (kind, recipient, payload)
              VALUES ('email', ${venueInbox(inboxPattern, locationId)}, ${JSON.stringify(payload)}::jsonb)`
              return { reference }
            }),
          )
        },
        Effect.catchTag("SqlError", Effect.die),
        Effect.provideService(SqlClient.SqlClient, sql),
      )

      return { send }
    }),
  )
}
