import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { afterEach, describe, expect, it } from "vitest"
import { askToKeepStorage, type PersistentStorage } from "../../../src/app/wallet/keepStorage.ts"
import { WalletDb } from "../../../src/app/wallet/walletDb.ts"

/** `navigator.storage.persist()` is asked once, when the first ticket is saved, and the answer kept. */
const opened: Array<WalletDb> = []
afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})
const openWallet = (factory = new IDBFactory()) => {
  const db = new WalletDb({ indexedDB: factory, IDBKeyRange })
  opened.push(db)
  return db
}

/** A Storage API that answers `granted` and counts how often it was asked. */
const storage = (granted: boolean) => {
  const asked = { count: 0 }
  const api: PersistentStorage = {
    persist: async () => {
      asked.count++
      return granted
    },
  }
  return { api, asked }
}

describe("keeping the wallet's storage", () => {
  it("asks once and records the answer; later tickets do not ask again", async () => {
    const db = openWallet()
    const { api, asked } = storage(true)
    expect(await askToKeepStorage(db, api, 1_000)).toBe("granted")
    expect(await askToKeepStorage(db, api, 2_000)).toBe("granted")
    expect(asked.count).toBe(1)
    expect(await db.settings.get("persist")).toEqual({ key: "persist", answer: "granted", askedAt: 1_000 })
  })

  it("records a refusal, and does not ask again after it either", async () => {
    const db = openWallet()
    const refusing = storage(false)
    expect(await askToKeepStorage(db, refusing.api, 1_000)).toBe("refused")
    const granting = storage(true)
    expect(await askToKeepStorage(db, granting.api, 2_000)).toBe("refused")
    expect(granting.asked.count).toBe(0)
  })

  it("records unsupported where there is no Storage API or it throws", async () => {
    expect(await askToKeepStorage(openWallet(), undefined, 1_000)).toBe("unsupported")
    const throwing: PersistentStorage = { persist: () => Promise.reject(new Error("SecurityError")) }
    expect(await askToKeepStorage(openWallet(), throwing, 1_000)).toBe("unsupported")
  })

  it("keeps the first answer when two tabs ask at once", async () => {
    const factory = new IDBFactory()
    const [a, b] = [openWallet(factory), openWallet(factory)]
    const answers = await Promise.all([
      askToKeepStorage(a, storage(true).api, 1_000),
      askToKeepStorage(b, storage(false).api, 1_001),
    ])
    const kept = (await a.settings.get("persist"))?.answer
    expect(answers).toEqual([kept, kept])
  })

  it("opens a wallet saved by version 1 and keeps its tickets", async () => {
    const factory = new IDBFactory()
    const { Dexie } = await import("dexie")
    const v1 = new Dexie("marquee-wallet", { indexedDB: factory, IDBKeyRange })
    v1.version(1).stores({ documents: "key, startsAt, savedAt" })
    await v1.table("documents").put({ key: "k", startsAt: "2026-11-25T20:00:00+02:00", savedAt: 1 })
    v1.close()
    const db = openWallet(factory)
    expect(await db.documents.get("k")).toMatchObject({ key: "k" })
    expect(await askToKeepStorage(db, storage(true).api, 1_000)).toBe("granted")
  })
})
