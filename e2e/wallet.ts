import type { Page } from "@playwright/test"

/**
 * Reads one row of the device's wallet (IndexedDB `marquee-wallet`, src/app/wallet) from the page, as the app left it,
 * without disturbing the app: a wallet that does not exist yet is not created (opening it unversioned would create
 * an empty version 1, which the app's Dexie must then upgrade), and the connection is closed at once (one left open
 * blocks that upgrade for good: the app's first save waits forever, and a journey polling for it never sees it).
 */
const walletRow = (page: Page, store: string, key: string): Promise<unknown> =>
  page.evaluate(
    ([table, id]) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open("marquee-wallet")
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => resolve(undefined)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains(table)) {
            db.close()
            return resolve(undefined)
          }
          const get = db.transaction(table).objectStore(table).get(id)
          get.onsuccess = () => {
            db.close()
            resolve(get.result)
          }
          get.onerror = () => {
            db.close()
            resolve(undefined)
          }
        }
      }),
    [store, key] as const,
  )

/** Whether the wallet holds the e-document `documentKey`: an order's (`documents`) or an issued voucher's (`vouchers`). */
export const walletHolds = async (
  page: Page,
  documentKey: string,
  store: "documents" | "vouchers" = "documents",
): Promise<boolean> => (await walletRow(page, store, documentKey)) !== undefined

/** The states of the tickets in the wallet's copy of `documentKey` (an active ticket has none: "active"), sorted. */
export const savedTicketStates = async (page: Page, documentKey: string): Promise<Array<string>> => {
  const row = (await walletRow(page, "documents", documentKey)) as
    | { readonly confirmation?: { readonly tickets?: ReadonlyArray<{ readonly state?: string }> } }
    | undefined
  return (row?.confirmation?.tickets ?? []).map((ticket) => ticket.state ?? "active").sort()
}
