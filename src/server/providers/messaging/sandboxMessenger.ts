import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { MessageNotSent, Messenger, type OutgoingMessage } from "./Messenger.ts"

/**
 * `Messenger` with no third party: "delivering" a message inserts it into `sandbox_messages` (migration 0012),
 * where tests and a developer read what a buyer would have received:
 *
 * ```sql
 * SELECT channel, recipient, subject, body, sent_at FROM sandbox_messages ORDER BY id DESC LIMIT 10
 * ```
 *
 * An e-mail address on the reserved `.invalid` domain (RFC 2606) is refused as `rejected`, so a bounce can be
 * played by hand. A database failure answers `unavailable`, as a provider that cannot be reached would.
 */
export const sandboxMessengerLayer: Layer.Layer<Messenger, never, SqlClient.SqlClient> = Layer.effect(
  Messenger,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const send = Effect.fn("SandboxMessenger.send")(function* (message: OutgoingMessage) {
      if (message.channel === "email" && /\.invalid$/i.test(message.recipient))
        return yield* new MessageNotSent({ reason: "rejected", detail: "sandbox: unknown mailbox" })
      yield* sql`
        INSERT INTO sandbox_messages (channel, recipient, subject, body, reference)
        VALUES (${message.channel}, ${message.recipient}, ${message.subject}, ${message.body}, ${message.reference})`.pipe(
        Effect.mapError(
          (error) => new MessageNotSent({ reason: "unavailable", detail: `sandbox: ${error.message}` }),
        ),
      )
    })

    return Messenger.of({ send })
  }),
)
