import Dexie, { type EntityTable } from "dexie"
import type { Confirmation, VoucherDocument } from "../../api/ReservationsApi.ts"

/**
 * The ticket wallet on this device (issue 17): every e-document bought or opened here, so it opens in airplane
 * mode without signing in. Its own database, apart from the cart log's: a customer's sign-out clears what is
 * theirs and keeps these (an e-ticket is its key's, not an account's), and neither schema's upgrades wait on
 * the other's.
 *
 * Only what the ticket shows is kept: the confirmation as the e-document call answers it (film, time, hall,
 * seats, prices, the QR payload). It names no person and holds no ID number or payment detail.
 */
export interface SavedDocument {
  /** the e-document key: the ticket itself (spec §2 `/edocument/{documentKey}`) */
  readonly key: string
  readonly reservationIdentifier: string
  /** the show's start (ISO with offset), to list the next show first and let past ones go */
  readonly startsAt: string
  /** when this device last had it from the server (epoch ms) */
  readonly savedAt: number
  readonly lang: string
  readonly confirmation: Confirmation
  /**
   * Each ticket pass's QR modules (src/app/edocument/qrImage.ts), so a cold start offline draws the codes without
   * encoding them again; derived from `confirmation` alone, and absent from copies saved before it was kept.
   */
  readonly qr?: Readonly<Record<string, string>>
}

/**
 * One issued voucher's e-document (issue 16 and 17: a gift voucher opens offline like a ticket), kept when it is
 * bought on this device or opened here: its code, what is left of it and its valid days, as the server last said
 * (`GET /api/edocuments/vouchers/{key}`). Whoever holds the key may use the voucher, as with a printed gift card;
 * it names no buyer.
 */
export interface SavedVoucher {
  /** the voucher's e-document key ("v" and 32 characters, src/domain/edocument/voucherDocument.ts) */
  readonly key: string
  /** when this device last had it from the server (epoch ms) */
  readonly savedAt: number
  readonly lang: string
  readonly voucher: VoucherDocument
}

/**
 * What the device answered when asked to keep the wallet's storage (`navigator.storage.persist()`), asked once,
 * when the first ticket is saved (src/app/wallet/keepStorage.ts): `granted` (the browser will not evict it under
 * storage pressure), `refused`, or `unsupported` (no Storage API: an old browser or an insecure page).
 */
export interface StorageAnswer {
  readonly key: "persist"
  readonly answer: "granted" | "refused" | "unsupported"
  /** when it was asked (epoch ms) */
  readonly askedAt: number
}

export const WALLET_DB_NAME = "marquee-wallet"

export class WalletDb extends Dexie {
  declare readonly documents: EntityTable<SavedDocument, "key">
  declare readonly settings: EntityTable<StorageAnswer, "key">
  declare readonly vouchers: EntityTable<SavedVoucher, "key">

  constructor(options: { readonly indexedDB?: IDBFactory; readonly IDBKeyRange?: typeof IDBKeyRange } = {}) {
    super(WALLET_DB_NAME, options)
    this.version(1).stores({ documents: "key, startsAt, savedAt" })
    // 2: the storage answer, so the browser is asked once, not on every ticket saved (no data to move)
    this.version(2).stores({ documents: "key, startsAt, savedAt", settings: "key" })
    // 3: vouchers' own e-documents, apart from orders' (their shape differs; no data to move)
    this.version(3).stores({ documents: "key, startsAt, savedAt", settings: "key", vouchers: "key, savedAt" })
  }
}

let shared: WalletDb | undefined

/** The browser's wallet, opened on first use. */
export const walletDb = (): WalletDb => {
  shared ??= new WalletDb()
  return shared
}
