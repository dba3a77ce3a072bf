import { type UseQueryResult, useQuery } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import type { Confirmation } from "../../api/ReservationsApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { ApiError } from "../lib/api.ts"
import { useOnline } from "../lib/useOnline.ts"
import { edocumentQueryOptions } from "../payment/queries.ts"
import { askToKeepStorage, browserStorage } from "../wallet/keepStorage.ts"
import { saveDocument, savedDocument } from "../wallet/savedDocuments.ts"
import { type WalletDb, walletDb } from "../wallet/walletDb.ts"

/** `D`: the document shown, an order's confirmation or (VoucherDocumentPage.tsx) a voucher's e-document */
export type EDocumentState<D = Confirmation> =
  | { readonly kind: "loading" }
  /**
   * `savedAt`: set when the copy shown is the device's (the wallet's, or one the page had before this visit) because
   * the server cannot be asked now: when that copy was answered
   */
  | { readonly kind: "shown"; readonly confirmation: D; readonly savedAt: number | null }
  | { readonly kind: "missing" }
  | { readonly kind: "failed" }

type Saved<D> = { readonly confirmation: D; readonly savedAt: number }

/**
 * Where the wallet keeps one kind of e-document (an order's or a voucher's): a module constant, so the hook's
 * effects depend on the key alone.
 */
export interface WalletShelf<D> {
  readonly save: (db: WalletDb, key: string, lang: string, document: D, now: number) => Promise<boolean>
  readonly read: (db: WalletDb, key: string) => Promise<Saved<D> | undefined>
}

const orders: WalletShelf<Confirmation> = {
  save: (db, key, lang, confirmation, now) => saveDocument(db, { key, lang, confirmation }, now),
  read: (db, key) =>
    savedDocument(db, key).then((row) =>
      row === undefined ? undefined : { confirmation: row.confirmation, savedAt: row.savedAt },
    ),
}

/**
 * An e-document by its key: from the server when it answers, and kept in the wallet the moment it does, so the
 * ticket on screen opens again without signal (the query cache's own copy is written a second later at best).
 * Until the server answers, the wallet's copy is shown at once (offline, the query waits for the network and
 * never fails); a key the server says it does not know is "missing", whatever the device kept.
 */
export const useEDocument = (key: string, locale: LocaleCode): EDocumentState =>
  // asked again on every visit with signal, whatever the (persisted) cache holds: a ticket cancelled since it was
  // last shown must show cancelled (issue 17); offline the query waits and the cached or saved copy shows
  useWalletCopy(
    key,
    locale,
    useQuery({ ...edocumentQueryOptions(key, locale), refetchOnMount: "always" }),
    orders,
  )

/** The server's answer kept on `shelf` as it comes, and the shelf's copy shown while there is none. */
export const useWalletCopy = <D>(
  key: string,
  locale: LocaleCode,
  query: UseQueryResult<D>,
  shelf: WalletShelf<D>,
): EDocumentState<D> => {
  const online = useOnline()
  const [saved, setSaved] = useState<Saved<D> | null | undefined>()
  // an answer from before this visit (the query cache's, kept from earlier in the session) is the device's copy too
  const [visitedAt] = useState(Date.now)
  const answeredAt = query.dataUpdatedAt

  useEffect(() => {
    if (query.data === undefined) return
    const db = walletDb()
    // kept with when the server answered it: a copy from earlier in the session re-kept now is no newer
    void shelf.save(db, key, locale, query.data, answeredAt || Date.now()).then((saved) =>
      // the device now holds a ticket: ask once that the browser keep it (src/app/wallet/keepStorage.ts)
      saved ? askToKeepStorage(db, browserStorage(), Date.now()).catch(() => undefined) : undefined,
    )
  }, [query.data, answeredAt, key, locale, shelf])

  useEffect(() => {
    let live = true
    setSaved(undefined)
    void shelf.read(walletDb(), key).then((row) => {
      if (live) setSaved(row ?? null)
    })
    return () => {
      live = false
    }
  }, [key, shelf])

  return edocumentState({
    live: query.data,
    // the answer shown came before this visit: offline it is the device's copy as much as the wallet's is
    liveBefore: query.data !== undefined && answeredAt < visitedAt ? answeredAt : null,
    missing: query.error instanceof ApiError && query.error.status === 404,
    failed: query.isError,
    offline: !online || query.fetchStatus === "paused",
    saved,
  })
}

/** What to show, from what the server and the wallet have (pure, tested in tests/app/edocument). */
export const edocumentState = <D = Confirmation>(sources: {
  readonly live: D | undefined
  /** when `live` was answered, if before this visit (the session's cache); null: answered during it, or none */
  readonly liveBefore?: number | null
  readonly missing: boolean
  readonly failed: boolean
  readonly offline: boolean
  /** undefined while the wallet is read, null when it has no copy */
  readonly saved: Saved<D> | null | undefined
}): EDocumentState<D> => {
  const { live, liveBefore = null, missing, failed, offline, saved } = sources
  // a page reopened in the same session after signal went: what it shows is the device's, and says so as a cold
  // start's wallet copy does
  if (live !== undefined)
    return { kind: "shown", confirmation: live, savedAt: offline || failed ? liveBefore : null }
  if (missing) return { kind: "missing" }
  if (saved !== undefined && saved !== null)
    return {
      kind: "shown",
      confirmation: saved.confirmation,
      savedAt: offline || failed ? saved.savedAt : null,
    }
  if (failed && saved === null) return { kind: "failed" }
  if (offline && saved === null) return { kind: "failed" }
  return { kind: "loading" }
}
