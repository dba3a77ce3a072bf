import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { SERVER_SOURCES as SERVER, serverSourceNames } from "../../_support/serverSources.ts"

/**
 * Issue 20: the day's SMS counts (src/server/notifications/smsAllowance.ts) hold only if every SMS the server
 * queues goes through them; the outbox is written from several modules, so this keeps the list. A file that writes
 * to `outbox` must take from the allowance (`takeSms`, `takeSmsOrRefuse`) or count (`countSms`), directly or
 * through a caller named here, unless it queues e-mail alone. A new writer fails here until it is counted.
 */

/** Writers whose SMS are taken by their callers, and the caller that takes them. */
const TAKEN_BY_CALLER: Readonly<Record<string, string>> = {
  // enqueueContactCode: ContactVerification.send takes the message in the same transaction, before writing it
  "cart/ContactVerificationRepo.ts": "cart/ContactVerification.ts",
}
/** Writers that queue e-mail only. */
const EMAIL_ONLY = new Set(["forms/MarketingForms.ts"])

const USES_ALLOWANCE = /\b(takeSms|takeSmsOrRefuse|countSms)\(/

describe("every SMS the server queues goes through the day's allowance", () => {
  it("writes to the outbox only where the allowance is taken or counted", () => {
    const writers = serverSourceNames()
      .filter((name) => !name.startsWith("db/migrations/") && !name.startsWith("db/seed/"))
      .filter((name) => /INSERT INTO outbox\b/i.test(readFileSync(join(SERVER, name), "utf8")))
    expect(writers.length).toBeGreaterThan(0)
    const uncounted = writers.filter((name) => {
      if (EMAIL_ONLY.has(name)) return /'sms'|"sms"/.test(readFileSync(join(SERVER, name), "utf8"))
      const taker = TAKEN_BY_CALLER[name] ?? name
      return !USES_ALLOWANCE.test(readFileSync(join(SERVER, taker), "utf8"))
    })
    expect(uncounted).toEqual([])
  })
})
