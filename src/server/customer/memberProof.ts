import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { isValidIsraeliId, normalizeIsraeliId } from "../../domain/order/israeliId.ts"
import { ssnKeys, ssnLookupHash } from "./ssnProtection.ts"

/**
 * The member a member number names, and whether the typed ID number is its holder's (issue 14, item 1): one rule
 * for the loyalty login (src/server/presentations/TicketCodes.ts) and the customer area's member sign-in. An
 * unknown number, a holder without an ID number, a malformed and a wrong one are all "not proven". The ID number
 * is compared through its keyed hash (ssnProtection.ts): the table holds no plain number.
 */
export interface MemberHolder {
  readonly memberId: number
  readonly customerId: number
  /** whether the typed ID number is the holder's */
  readonly ssnMatches: boolean
}

export const memberHolder = Effect.fn("memberHolder")(function* (
  memberNumber: string,
  typedSsn: string | undefined,
) {
  const sql = yield* SqlClient.SqlClient
  const number = memberNumber.trim()
  if (number === "" || number.length > 32) return Option.none<MemberHolder>()
  const ssn = typedSsn === undefined ? null : normalizeIsraeliId(typedSsn)
  const hash = ssn !== null && isValidIsraeliId(ssn) ? ssnLookupHash(yield* ssnKeys, ssn) : null
  const rows = yield* sql<{ id: number; customerId: number; ssnHash: string | null }>`
    SELECT m.id, m.customer_id AS "customerId", c.ssn_hash AS "ssnHash"
    FROM members m JOIN customers c ON c.id = m.customer_id WHERE m.member_number = ${number}`
  const row = rows[0]
  if (row === undefined) return Option.none<MemberHolder>()
  return Option.some({
    memberId: row.id,
    customerId: row.customerId,
    ssnMatches: hash !== null && row.ssnHash === hash,
  })
}, Effect.orDie)
