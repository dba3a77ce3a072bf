import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { CustomerAreaInfo } from "../../../api/CustomerSignInApi.ts"
import { maskSsn, openSsn, ssnKeys } from "../ssnProtection.ts"

/** The customer as the area shows them: the ID number opened from its sealed copy only to be masked. */
export const customerAreaInfo = Effect.fn("customerAreaInfo")(function* (customerId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{
    id: number
    firstName: string
    lastName: string
    email: string | null
    mobile: string | null
    ssnSealed: string | null
  }>`
    SELECT id, first_name AS "firstName", last_name AS "lastName", email, mobile, ssn_sealed AS "ssnSealed"
    FROM customers WHERE id = ${customerId}`
  const row = rows[0]
  if (row === undefined) return yield* Effect.die(new Error(`no customer ${customerId}`))
  const ssn = row.ssnSealed === null ? null : openSsn(yield* ssnKeys, row.ssnSealed)
  const info: CustomerAreaInfo = {
    CustomerId: row.id,
    FirstName: row.firstName,
    LastName: row.lastName,
    EmailAddress1: row.email,
    MobileNumber1: row.mobile ?? "",
    MaskedSsn: ssn === null ? null : maskSsn(ssn),
  }
  return info
}, Effect.orDie)
