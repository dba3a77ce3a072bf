import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { afterEach } from "vitest"
import { WalletDb } from "../../src/app/wallet/walletDb.ts"

/**
 * The device's wallet (src/app/wallet/walletDb.ts) on fake-indexeddb, a fresh database per call unless given the
 * factory of another (a second tab), each closed after its test.
 */
export const fakeWallets = () => {
  const opened: Array<WalletDb> = []
  afterEach(() => {
    for (const db of opened.splice(0)) db.close()
  })
  return (factory = new IDBFactory()): WalletDb => {
    const db = new WalletDb({ indexedDB: factory, IDBKeyRange })
    opened.push(db)
    return db
  }
}
