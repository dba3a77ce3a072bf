import { Config, Effect } from "effect"
import { SqlClient } from "effect/sql"
import { SmsDailyLimit } from "../../api/messagingErrors.ts"

/**
 * Issue 20, SMS pumping: the day's SMS allowance, on top of the limits each sender keeps (per client, per order,
 * per identifier). Two counts per Asia/Jerusalem day, by the server's clock (`marquee_now()`), in the database
 * (`sms_day_counts`, migration 0072) so every server process shares them:
 * - per phone: every SMS to one number counts, whether an ID number, a reservation number or the number itself
 *   reached it, so the identifiers of one customer cannot each spend their own day's count on the same phone;
 * - per chain: every SMS the server queues, against `SMS_DAILY_BUDGET`.
 * Messages a caller asks for (sign-in codes and links, e-ticket sends, verification codes) take from both and are
 * refused past either ({@link takeSms}); messages that report a payment, a refund or a cancellation are counted
 * ({@link countSms}) but never refused, since the money has already moved. Every SMS written to the outbox goes
 * through one of the two, in the statement's transaction, so a message that is not queued is not counted.
 */

/**
 * SMS messages one phone may be sent in a day. A person signs in, asks for a code again, has tickets sent and
 * changes a number a few times a day at most (the sign-in back-off alone allows 3 codes in 10 minutes); 10 leaves
 * room for that while bounding what guessed or harvested identifiers can make the chain send to one number.
 */
export const SMS_PER_PHONE_A_DAY = 10

/**
 * The chain's SMS messages a day when `SMS_DAILY_BUDGET` is not set: well over a busy day's orders, codes and
 * ticket sends for the whole chain, well under what a pumping attack would send before anyone noticed.
 */
export const DEFAULT_SMS_DAILY_BUDGET = 20_000

/** `SMS_DAILY_BUDGET`: the chain's SMS messages a day, every kind together (0: none that a caller asks for). */
export const SmsDailyBudget = Config.Int("SMS_DAILY_BUDGET").pipe(
  Config.withDefault(DEFAULT_SMS_DAILY_BUDGET),
  Config.map((value) => Math.max(0, value)),
)

const TODAY = "(marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date"
const CHAIN = "chain"
const phoneKey = (mobile: string) => `phone:${mobile}`

/** Why a message was refused: the phone's day or the chain's budget is spent. */
export interface SmsRefused {
  readonly spent: "phone" | "budget"
  /** until the next day starts in Jerusalem */
  readonly retryAfterSeconds: number
}

/** Seconds from the server's now until the next Asia/Jerusalem day begins (at least 1). */
export const secondsToNextDay = Effect.fn("SmsAllowance.secondsToNextDay")(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ left: number }>`
    SELECT ceil(extract(epoch FROM ((${sql.literal(TODAY)} + 1)::timestamp AT TIME ZONE 'Asia/Jerusalem')
      - marquee_now()))::int AS "left"`
  return Math.max(1, rows[0]?.left ?? 86_400)
}, Effect.orDie)

/** Counts one message against `key` today when it has fewer than `limit`; true when counted. */
const takeFromDay = Effect.fn("SmsAllowance.takeFromDay")(function* (key: string, limit: number) {
  const sql = yield* SqlClient.SqlClient
  if (limit <= 0) return false
  yield* sql`DELETE FROM sms_day_counts WHERE key = ${key} AND day < ${sql.literal(TODAY)}`
  // one statement: concurrent senders in every process queue on the row, none slips past the limit
  const rows = yield* sql<{ sent: number }>`
    INSERT INTO sms_day_counts (key, day, sent) VALUES (${key}, ${sql.literal(TODAY)}, 1)
    ON CONFLICT (key, day) DO UPDATE SET sent = sms_day_counts.sent + 1 WHERE sms_day_counts.sent < ${limit}
    RETURNING sent`
  return rows.length > 0
}, Effect.orDie)

const countInDay = Effect.fn("SmsAllowance.countInDay")(function* (key: string, messages: number) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`DELETE FROM sms_day_counts WHERE key = ${key} AND day < ${sql.literal(TODAY)}`
  yield* sql`
    INSERT INTO sms_day_counts (key, day, sent) VALUES (${key}, ${sql.literal(TODAY)}, ${messages})
    ON CONFLICT (key, day) DO UPDATE SET sent = sms_day_counts.sent + EXCLUDED.sent`
}, Effect.orDie)

const giveBackToDay = Effect.fn("SmsAllowance.giveBack")(function* (key: string) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    UPDATE sms_day_counts SET sent = sent - 1 WHERE key = ${key} AND day = ${sql.literal(TODAY)} AND sent > 0`
}, Effect.orDie)

/** Whether the chain has messages left today, counting nothing (a refusal that must come before any lookup). */
export const budgetLeft = Effect.fn("SmsAllowance.budgetLeft")(function* (budget: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ sent: number }>`
    SELECT sent FROM sms_day_counts WHERE key = ${CHAIN} AND day = ${sql.literal(TODAY)}`
  return (rows[0]?.sent ?? 0) < budget
}, Effect.orDie)

/**
 * Counts one message to `mobile` against the phone's day alone: for a sign-in to a typed number, counted whether
 * or not the number has an account (so both answer alike), the message itself then taken with `phoneTaken`.
 */
export const takePhone = (mobile: string) => takeFromDay(phoneKey(mobile), SMS_PER_PHONE_A_DAY)

/**
 * Takes one message to `mobile` that a caller asked for: from the phone's day (unless `phoneTaken` says
 * {@link takePhone} already counted it) and from the chain's budget. None taken when either is spent.
 */
export const takeSms = Effect.fn("SmsAllowance.takeSms")(function* (input: {
  readonly mobile: string
  readonly budget: number
  readonly phoneTaken?: boolean
}) {
  if (input.phoneTaken !== true && !(yield* takePhone(input.mobile))) {
    const refused: SmsRefused = { spent: "phone", retryAfterSeconds: yield* secondsToNextDay() }
    return refused
  }
  if (!(yield* takeFromDay(CHAIN, input.budget))) {
    // the phone's message was not sent: it does not count against the phone either
    if (input.phoneTaken !== true) yield* giveBackToDay(phoneKey(input.mobile))
    const refused: SmsRefused = { spent: "budget", retryAfterSeconds: yield* secondsToNextDay() }
    return refused
  }
  return undefined
})

/** {@link takeSms}, refused as the contract's `SmsDailyLimit` (SMS_FAILED with Retry-After). */
export const takeSmsOrRefuse = (input: { readonly mobile: string; readonly budget: number }) =>
  takeSms(input).pipe(
    Effect.flatMap((refused) =>
      refused === undefined
        ? Effect.void
        : Effect.fail(
            new SmsDailyLimit({ error: "SMS_FAILED", retryAfterSeconds: refused.retryAfterSeconds }),
          ),
    ),
  )

/**
 * Counts messages queued whatever the counts say (a payment's confirmation, a refund's notice): one per
 * recipient against its phone, all of them against the chain, so they spend what callers may still ask for.
 */
export const countSms = Effect.fn("SmsAllowance.countSms")(function* (mobiles: ReadonlyArray<string>) {
  if (mobiles.length === 0) return
  for (const mobile of mobiles) yield* countInDay(phoneKey(mobile), 1)
  yield* countInDay(CHAIN, mobiles.length)
})
