import { Context, type Effect, Schema } from "effect"

/**
 * The SMS and e-mail port. The outbox sender (src/server/notifications/OutboxSender.ts) hands it finished text,
 * already rendered in the buyer's language; an adapter only delivers. The sandbox adapter records each message
 * in `sandbox_messages`; a real SMS gateway or e-mail service replaces it without touching the sender.
 */

export type MessageChannel = "sms" | "email"

export interface OutgoingMessage {
  readonly channel: MessageChannel
  /** a normalised mobile number (`0521234567`) or an e-mail address */
  readonly recipient: string
  /** e-mail only; null for SMS */
  readonly subject: string | null
  readonly body: string
  /** the sender's id for this message (`outbox:<id>`): providers echo it, and may use it to drop a repeat */
  readonly reference: string
}

/**
 * Why a message did not go out. `rejected`: the provider will never take it (a bad address or number), retrying
 * is pointless. `unavailable`: the provider could not be reached or failed; a later attempt may succeed.
 * `detail` is for the operator's log, never shown to a buyer.
 */
export class MessageNotSent extends Schema.TaggedError<MessageNotSent>()("MessageNotSent", {
  reason: Schema.Literals(["rejected", "unavailable"]),
  detail: Schema.String,
}) {}

export class Messenger extends Context.Service<
  Messenger,
  {
    readonly send: (message: OutgoingMessage) => Effect.Effect<void, MessageNotSent>
  }
>()("marquee/providers/Messenger") {}
