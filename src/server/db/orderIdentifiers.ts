import { createHash } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import {
  DAMM_TABLE,
  LOW_HALF_LIMIT,
  ORDER_CODE_DIGITS,
  ORDER_CODE_ROUNDS,
  ORDER_IDENTIFIER_PREFIX,
  type OrderCodeRound,
  orderIdentifier,
  roundModulus,
} from "../../domain/order/orderIdentifier.ts"
import { serverSecret } from "./serverSecret.ts"

/**
 * The server's side of the reservation identifier (format: src/domain/order/orderIdentifier.ts): the key of its
 * permutation, a secret of `server_secrets`, and the keyed round function, written twice, here for the commit and
 * in SQL for the seed's bulk insert (tests/server/db/seed.test.ts holds them equal).
 *
 * Round `i` of half `h` is the first 48 bits, big-endian, of SHA-256(key ‖ byte i ‖ h as 4 bytes big-endian):
 * a prefix-keyed hash of a fixed-length message, a pseudo-random function for as long as the key is secret.
 */
export const ORDER_IDENTIFIER_SECRET = "order_identifiers"

const keyBytes = (keyHex: string) => {
  if (!/^[0-9a-f]{64}$/.test(keyHex)) throw new Error("an order identifier key is 32 bytes of lower-case hex")
  return Buffer.from(keyHex, "hex")
}

export const orderCodeRound = (keyHex: string): OrderCodeRound => {
  const key = keyBytes(keyHex)
  return (round, half) => {
    const message = Buffer.alloc(5)
    message.writeUInt8(round, 0)
    message.writeUInt32BE(half, 1)
    return createHash("sha256").update(key).update(message).digest().readUIntBE(0, 6)
  }
}

/** The identifier of the order with this row id, under the database's key (made on first use). */
export const newOrderIdentifier = Effect.fn("newOrderIdentifier")(function* (orderNumber: number) {
  const key = yield* serverSecret(ORDER_IDENTIFIER_SECRET)
  return orderIdentifier(orderNumber, orderCodeRound(key))
})

/**
 * The key a seeded database uses, kept if the database already has one: derived from the seed's number so
 * the same options give the same identifiers. A seeded database is a demo; a live one gets a random key.
 */
export const seedOrderIdentifierKey = Effect.fn("seedOrderIdentifierKey")(function* (seed: number) {
  const sql = yield* SqlClient.SqlClient
  const derived = createHash("sha256").update(`marquee demo order identifiers ${seed}`).digest("hex")
  yield* sql`
    INSERT INTO server_secrets (name, value) VALUES (${ORDER_IDENTIFIER_SECRET}, ${derived})
    ON CONFLICT (name) DO NOTHING`
  return yield* serverSecret(ORDER_IDENTIFIER_SECRET)
}, Effect.orDie)

const DAMM_SQL = DAMM_TABLE.flat().join(",")

/**
 * A statement creating the temporary table `tableName (id bigint, identifier text)` with the identifier of every
 * id of the table `source` (its column `id`, below 10^9), set-based: one CTE per Feistel round, then the
 * Damm check digit over the nine digits (each step materialized, so each row is hashed once a round).
 */
export const orderIdentifiersTableSql = (tableName: string, source: string, keyHex: string): string => {
  keyBytes(keyHex)
  const roundSql = (i: number, half: string) =>
    `('x' || encode(substring(sha256(decode('${keyHex}${i.toString(16).padStart(2, "0")}', 'hex') ` +
    `|| int4send((${half})::integer)) from 1 for 6), 'hex'))::bit(48)::bigint`
  const steps = [`s0 AS (SELECT id, id / ${LOW_HALF_LIMIT} AS a, id % ${LOW_HALF_LIMIT} AS b FROM ${source})`]
  for (let i = 0; i < ORDER_CODE_ROUNDS; i++) {
    const m = roundModulus(i)
    // MATERIALIZED: inlined, each round would repeat the previous one's expression twice (2^8 hashes a row)
    steps.push(
      `s${i + 1} AS MATERIALIZED (SELECT id, b AS a, (a + ${roundSql(i, "b")} % ${m}) % ${m} AS b FROM s${i})`,
    )
  }
  let interim = "0"
  for (let k = 1; k <= ORDER_CODE_DIGITS; k++)
    interim = `(ARRAY[${DAMM_SQL}])[(${interim}) * 10 + substr(digits, ${k}, 1)::integer + 1]`
  return `
    CREATE TEMP TABLE ${tableName} AS
    WITH ${steps.join(",\n      ")},
      coded AS MATERIALIZED (
        SELECT id, lpad((a * ${LOW_HALF_LIMIT} + b)::text, ${ORDER_CODE_DIGITS}, '0') AS digits
        FROM s${ORDER_CODE_ROUNDS})
    SELECT id, '${ORDER_IDENTIFIER_PREFIX}' || digits || (${interim})::text AS identifier FROM coded`
}
