import type { Page } from "@playwright/test"

/**
 * Everything this origin keeps in localStorage and in IndexedDB (every database, every store, every row), as one
 * text: what a journey searches for personal data that must not be on the device.
 */
export const storedOnDevice = (page: Page): Promise<string> =>
  page.evaluate(async () => {
    const rows: Array<unknown> = [Object.entries(localStorage)]
    for (const { name } of (await indexedDB.databases?.()) ?? []) {
      if (name === undefined) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of Array.from(db.objectStoreNames)) {
        rows.push(
          await new Promise<Array<unknown>>((resolve, reject) => {
            const request = db.transaction(store).objectStore(store).getAll()
            request.onsuccess = () => resolve(request.result)
            request.onerror = () => reject(request.error)
          }),
        )
      }
      db.close()
    }
    return JSON.stringify(rows)
  })
