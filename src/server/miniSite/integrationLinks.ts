import { createHmac, timingSafeEqual } from "node:crypto"

/**
 * Integration links (spec §7 `GET /integration ?TS, ret, key`): a partner's site sends a buyer to us with
 * `TS` (Unix seconds when the partner made the link), `ret` (where on our site) and `key`, the hex HMAC-SHA256 of
 * `TS + "\n" + ret` under the partner's secret. The key alone names the partner: the one whose secret signs the
 * same bytes. How a partner signs one: README.md in this folder.
 */

/** A link older than this by the server's clock is refused (our choice: a click, not a bookmark). */
export const LINK_MAX_AGE_SECONDS = 300
/** A partner's clock may run this far ahead of ours. */
export const LINK_CLOCK_SKEW_SECONDS = 60

/** Where a link may send a buyer: what's on, or the order of one showing. Nothing off our site. */
const RETURN_PATH = /^\/(order\/[1-9]\d{0,8})?$/

export const signLink = (secret: string, ts: string, ret: string): string =>
  createHmac("sha256", secret).update(`${ts}\n${ret}`).digest("hex")

/**
 * The partner that signed the link, or null: a malformed or stale timestamp, a destination that is not ours, and
 * a signature no partner's secret makes are all refused alike.
 */
export const linkSigner = (
  link: { readonly TS: string; readonly ret: string; readonly key: string },
  signers: ReadonlyArray<{ readonly id: number; readonly secret: string }>,
  nowMs: number,
): number | null => {
  if (!/^\d{1,12}$/.test(link.TS) || !RETURN_PATH.test(link.ret) || !/^[0-9a-f]{64}$/i.test(link.key))
    return null
  const age = Math.floor(nowMs / 1000) - Number(link.TS)
  if (age > LINK_MAX_AGE_SECONDS || age < -LINK_CLOCK_SKEW_SECONDS) return null
  const given = Buffer.from(link.key.toLowerCase(), "hex")
  // every secret is tried, so the time taken does not say which partner came close
  let found: number | null = null
  for (const signer of signers) {
    const expected = Buffer.from(signLink(signer.secret, link.TS, link.ret), "hex")
    if (timingSafeEqual(expected, given) && found === null) found = signer.id
  }
  return found
}
