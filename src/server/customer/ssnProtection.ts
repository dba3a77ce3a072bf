import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { serverSecret } from "../db/serverSecret.ts"

/**
 * A customer's ID number (ssn) at rest (issue 15, "Personal data"): never in plain text.
 * - `customers.ssn_hash`: HMAC-SHA-256 of the nine digits under `customer_ssn_lookup` (a `server_secrets` key):
 *   what every lookup compares (the loyalty login's member + ID proof, the sign-in by ID number). Without the key a
 *   copy of the table cannot be matched against the ten million possible numbers.
 * - `customers.ssn_sealed`: AES-256-GCM under `customer_ssn_sealing`, `v1.` + base64url(iv ‖ ciphertext ‖ tag),
 *   the column name as associated data; opened only to show the number masked ({@link maskSsn}).
 * Neither the number nor these columns go to logs, addresses or the browser's storage.
 */

export const SSN_LOOKUP_SECRET = "customer_ssn_lookup"
export const SSN_SEALING_SECRET = "customer_ssn_sealing"
const AAD = Buffer.from("customers.ssn_sealed")

export interface SsnKeys {
  /** 32 bytes, hex */
  readonly lookup: string
  readonly sealing: string
}

/** The database's keys, made on first use (every server process shares them). */
export const ssnKeys = Effect.gen(function* () {
  return { lookup: yield* serverSecret(SSN_LOOKUP_SECRET), sealing: yield* serverSecret(SSN_SEALING_SECRET) }
})

/** What `ssn_hash` holds for these digits (normalized, nine digits). */
export const ssnLookupHash = (keys: SsnKeys, ssn: string): string =>
  createHmac("sha256", Buffer.from(keys.lookup, "hex")).update(`ssn:${ssn}`).digest("hex")

/** `ssn_sealed` for these digits; `iv` only for the seed, which must write the same rows every time. */
export const sealSsn = (keys: SsnKeys, ssn: string, iv: Buffer = randomBytes(12)): string => {
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(keys.sealing, "hex"), iv)
  cipher.setAAD(AAD)
  const body = Buffer.concat([cipher.update(ssn, "utf8"), cipher.final()])
  return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`
}

/** The digits back, or null when the value is not ours (another key, tampered with). */
export const openSsn = (keys: SsnKeys, sealed: string): string | null => {
  if (!sealed.startsWith("v1.")) return null
  try {
    const raw = Buffer.from(sealed.slice(3), "base64url")
    const decipher = createDecipheriv("aes-256-gcm", Buffer.from(keys.sealing, "hex"), raw.subarray(0, 12))
    decipher.setAAD(AAD)
    decipher.setAuthTag(raw.subarray(raw.length - 16))
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString(
      "utf8",
    )
  } catch {
    return null
  }
}

/** How a screen shows an ID number: the last three digits only. */
export const maskSsn = (ssn: string): string => `******${ssn.slice(-3)}`

/** Both columns for one customer; `seedRowId` derives the IV from the row (the seed's rows are deterministic). */
export const protectSsn = (keys: SsnKeys, ssn: string, seedRowId?: number) => ({
  ssn_hash: ssnLookupHash(keys, ssn),
  ssn_sealed: sealSsn(
    keys,
    ssn,
    seedRowId === undefined
      ? undefined
      : createHmac("sha256", Buffer.from(keys.sealing, "hex"))
          .update(`iv:${seedRowId}`)
          .digest()
          .subarray(0, 12),
  ),
})

/**
 * The keys a seeded database uses, kept if it already has them: derived from the seed's number (as the order
 * identifiers' key is, src/server/db/orderIdentifiers.ts), so the same options write the same rows. A seeded
 * database is a demo; a live one gets random keys on first use.
 */
export const seedSsnKeys = Effect.fn("seedSsnKeys")(function* (seed: number) {
  const sql = yield* SqlClient.SqlClient
  for (const name of [SSN_LOOKUP_SECRET, SSN_SEALING_SECRET]) {
    const derived = createHash("sha256").update(`marquee demo ${name} ${seed}`).digest("hex")
    yield* sql`INSERT INTO server_secrets (name, value) VALUES (${name}, ${derived}) ON CONFLICT (name) DO NOTHING`
  }
  return yield* ssnKeys
}, Effect.orDie)
