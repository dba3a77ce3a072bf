import type { Page } from "@playwright/test"

/**
 * Whether the device's wallet (IndexedDB `marquee-wallet`, src/app/wallet) holds the e-document `documentKey`: an
 * order's (`documents`) or an issued voucher's own (`vouchers`).
 */
export const walletHolds = (
  page: Page,
  documentKey: string,
  store: "documents" | "vouchers" = "documents",
): Promise<boolean> =>
  page.evaluate(
    ([key, table]) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open("marquee-wallet")
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains(table)) return resolve(false)
          const get = open.result.transaction(table).objectStore(table).get(key)
          get.onsuccess = () => resolve(get.result !== undefined)
          get.onerror = () => resolve(false)
        }
        open.onerror = () => resolve(false)
      }),
    [documentKey, store] as const,
  )

/** The states of the tickets in the wallet's copy of `documentKey` (an active ticket has none: "active"), sorted. */
export const savedTicketStates = (page: Page, documentKey: string): Promise<Array<string>> =>
  page.evaluate(
    (key) =>
      new Promise<Array<string>>((resolve) => {
        const open = indexedDB.open("marquee-wallet")
        open.onsuccess = () => {
          const get = open.result.transaction("documents").objectStore("documents").get(key)
          get.onsuccess = () =>
            resolve(
              ((get.result?.confirmation?.tickets ?? []) as Array<{ state?: string }>)
                .map((ticket) => ticket.state ?? "active")
                .sort(),
            )
          get.onerror = () => resolve([])
        }
        open.onerror = () => resolve([])
      }),
    documentKey,
  )
