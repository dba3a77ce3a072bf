import type { StorageAnswer, WalletDb } from "./walletDb.ts"

/** The part of `navigator.storage` asked (a port, so tests give their own). */
export interface PersistentStorage {
  readonly persist: () => Promise<boolean>
}

/**
 * Issue 17: once the device holds a ticket, ask the browser to keep its storage (`navigator.storage.persist()`),
 * so a phone short of space does not evict the wallet the evening of the show. Asked once, when the first ticket
 * is saved, and the answer recorded (`settings`): Chromium grants or refuses without a prompt (by how the site is
 * used), Firefox asks the user, and asking again on every ticket would only nag. A refused or unsupported answer
 * changes nothing else: the wallet still works, best effort, as all site storage does by default.
 *
 * Answers what was recorded; never throws (a failure to ask is recorded as `unsupported`).
 */
export const askToKeepStorage = async (
  db: WalletDb,
  storage: PersistentStorage | undefined,
  now: number,
): Promise<StorageAnswer["answer"]> => {
  const asked = await db.settings.get("persist")
  if (asked !== undefined) return asked.answer
  let answer: StorageAnswer["answer"] = "unsupported"
  if (storage !== undefined) {
    try {
      answer = (await storage.persist()) ? "granted" : "refused"
    } catch {
      answer = "unsupported"
    }
  }
  // two tabs saving their first ticket at once: the first answer recorded stays
  await db.transaction("rw", db.settings, async () => {
    if ((await db.settings.get("persist")) === undefined)
      await db.settings.put({ key: "persist", answer, askedAt: now })
  })
  return (await db.settings.get("persist"))?.answer ?? answer
}

/** The browser's Storage API where there is one (secure pages of current browsers). */
export const browserStorage = (): PersistentStorage | undefined =>
  typeof navigator !== "undefined" && typeof navigator.storage?.persist === "function"
    ? { persist: () => navigator.storage.persist() }
    : undefined
