import { useQuery } from "@tanstack/react-query"
import type { VoucherDocument } from "../../api/ReservationsApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { voucherDocumentQueryOptions } from "../payment/queries.ts"
import { savedVoucher, saveVoucher } from "../wallet/savedVouchers.ts"
import { type EDocumentState, useWalletCopy, type WalletShelf } from "./useEDocument.ts"

const vouchers: WalletShelf<VoucherDocument> = {
  save: (db, key, lang, voucher, now) => saveVoucher(db, { key, lang, voucher }, now),
  read: (db, key) =>
    savedVoucher(db, key).then((row) =>
      row === undefined ? undefined : { confirmation: row.voucher, savedAt: row.savedAt },
    ),
}

/**
 * A voucher's e-document by its key, as `useEDocument` does for an order's (issue 17: a gift voucher opens offline
 * like a ticket): from the server when it answers (asked again on each visit: its balance moves when it pays), kept
 * in the wallet the moment it does; the wallet's copy shown until then, and with its age when there is no signal.
 */
export const useVoucherDocument = (key: string, locale: LocaleCode): EDocumentState<VoucherDocument> =>
  useWalletCopy(key, locale, useQuery(voucherDocumentQueryOptions(key, locale)), vouchers)
