import { scryptSync, timingSafeEqual } from "node:crypto"
import { hash, verify } from "@node-rs/argon2"

/**
 * Staff passwords: Argon2id (the library's default algorithm, memory 19 MiB, 2 passes), PHC strings with a random
 * salt. Rows written before Argon2id (`scrypt$N$r$p$salt$key`, the first seed's form) still verify, and the caller
 * rehashes them on a right password (`needsRehash`).
 */

/** A PHC string for a new or changed password. */
export const hashStaffPassword = (password: string): Promise<string> => hash(password)

/**
 * Verified against a hash no account has, so that an unknown username costs the same time as a wrong password
 * (both answer alike: the timing must not tell them apart either).
 */
const NOBODY = "$argon2id$v=19$m=19456,t=2,p=1$bm9ib2R5LW5vYm9keQ$lNPo6H7NUD1G0kNE0cT07CkxA5z27Q2daj8sRad19jQ"

const scryptMatches = (stored: string, password: string): boolean => {
  const [, n, r, p, salt, key] = stored.split("$")
  if (salt === undefined || key === undefined) return false
  const expected = Buffer.from(key, "base64")
  const derived = scryptSync(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return derived.length === expected.length && timingSafeEqual(derived, expected)
}

/** Whether `password` is the one `stored` was made from; `stored` undefined (no such user) is always false. */
export const staffPasswordMatches = async (
  stored: string | undefined,
  password: string,
): Promise<boolean> => {
  if (stored === undefined) {
    await verify(NOBODY, password).catch(() => false)
    return false
  }
  if (stored.startsWith("scrypt$")) return scryptMatches(stored, password)
  return verify(stored, password).catch(() => false)
}

/** A stored hash that is not Argon2id is replaced after the next right password. */
export const needsRehash = (stored: string): boolean => !stored.startsWith("$argon2id$")
