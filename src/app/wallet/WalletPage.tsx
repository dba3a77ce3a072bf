import { useQueryClient } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useLiveQuery } from "dexie-react-hooks"
import { useEffect, useState } from "react"
import { formatLongDateTime, formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { type Translate, useT } from "../i18n/useI18n.ts"
import { useDeviceCopyShown } from "../lib/deviceCopyShown.ts"
import { savedAgeLabel, savedAgeOf } from "../lib/savedAge.ts"
import { temporal } from "../lib/temporal.ts"
import { useOnline } from "../lib/useOnline.ts"
import { orderHeadlineOf } from "../payment/orderHeadline.ts"
import { edocumentQueryOptions, voucherDocumentQueryOptions } from "../payment/queries.ts"
import { refreshSavedDocuments, refreshSavedVouchers } from "./refreshSaved.ts"
import type { SavedDocument, SavedVoucher } from "./walletDb.ts"
import { walletDb } from "./walletDb.ts"
import { forgetPastShows, readWallet } from "./walletList.ts"
import "../order/order.css"
import "./wallet.css"

/**
 * "My tickets" (issue 17): every e-document kept on this device, read live from the wallet through
 * `useLiveQuery`, so a ticket saved in another tab appears at once. Needs no network and no sign-in: each entry
 * opens its `/edocument/{key}` page, which shows the saved copy when there is no signal.
 */
export const WalletPage = ({ locale }: { readonly locale: LocaleCode }) => {
  const t = useT()
  const online = useOnline()
  // the list's "now": when the page opened (a show ending while it is open moves on the next visit)
  const [now] = useState(() => Date.now())
  const wallet = useLiveQuery(() => readWallet(walletDb(), now), [now])
  // the cart log opens after this (src/app/main.tsx)
  useDeviceCopyShown(wallet !== undefined)

  useEffect(() => {
    document.title = [t("wallet.title"), t("app.brand")].join(" · ")
  }, [t])
  const queryClient = useQueryClient()
  useEffect(() => {
    const db = walletDb()
    // shows long over go first, so a refresh cannot bring one back; then, with signal, every copy is asked
    // again (a ticket cancelled since shows cancelled: refreshSaved.ts), the list following through useLiveQuery
    void forgetPastShows(db, now)
      .catch(() => 0)
      .then((): Promise<unknown> | undefined =>
        online
          ? Promise.all([
              refreshSavedDocuments(
                db,
                // through the query cache, so the e-document opened next shows the same answer
                (key) => queryClient.fetchQuery({ ...edocumentQueryOptions(key, locale), staleTime: 0 }),
                locale,
                () => Date.now(),
              ),
              refreshSavedVouchers(
                db,
                (key) => queryClient.fetchQuery(voucherDocumentQueryOptions(key, locale)),
                locale,
                () => Date.now(),
              ),
            ])
          : undefined,
      )
      .catch(() => undefined)
  }, [now, online, locale, queryClient])

  return (
    <div className="order wallet" data-testid="wallet">
      <h1 className="order__title">{t("wallet.title")}</h1>
      <p className="wallet__intro">{t("wallet.intro")}</p>
      {online ? null : (
        <p className="order__notice" role="status" data-testid="wallet-offline">
          {t("wallet.offline")}
        </p>
      )}
      {wallet === undefined ? (
        <p className="order__notice">{t("status.loading")}</p>
      ) : wallet.upcoming.length === 0 && wallet.past.length === 0 && wallet.vouchers.length === 0 ? (
        <div className="wallet__empty" data-testid="wallet-empty">
          <p>{t("wallet.empty")}</p>
          <p>
            <Link to="/" search={{ lang: locale }} className="button button--primary">
              {t("payment.actions.whatsOn")}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <WalletSection
            id="wallet-upcoming"
            title={t("wallet.upcoming")}
            documents={wallet.upcoming}
            {...{ t, locale, online, now }}
          />
          {wallet.vouchers.length > 0 ? (
            <section className="wallet__section" aria-labelledby="wallet-vouchers">
              <h2 id="wallet-vouchers" className="pay-section__title">
                {t("wallet.vouchers")}
              </h2>
              <ul className="wallet__list" data-testid="wallet-vouchers">
                {wallet.vouchers.map((saved) => (
                  <VoucherEntry key={saved.key} saved={saved} {...{ t, locale, online, now }} />
                ))}
              </ul>
            </section>
          ) : null}
          <WalletSection
            id="wallet-past"
            title={t("wallet.past")}
            documents={wallet.past}
            {...{ t, locale, online, now }}
          />
        </>
      )}
    </div>
  )
}

type SectionProps = {
  readonly id: string
  readonly title: string
  readonly documents: ReadonlyArray<SavedDocument>
  readonly t: Translate
  readonly locale: LocaleCode
  readonly online: boolean
  readonly now: number
}

const WalletSection = ({ id, title, documents, ...entry }: SectionProps) =>
  documents.length === 0 ? null : (
    <section className="wallet__section" aria-labelledby={id}>
      <h2 id={id} className="pay-section__title">
        {title}
      </h2>
      <ul className="wallet__list" data-testid={id}>
        {documents.map((document) => (
          <WalletEntry key={document.key} document={document} {...entry} />
        ))}
      </ul>
    </section>
  )

const WalletEntry = ({
  document,
  t,
  locale,
  online,
  now,
}: Omit<SectionProps, "id" | "title" | "documents"> & { readonly document: SavedDocument }) => {
  const { tickets } = document.confirmation
  // a ticket order names its film, time and hall; vouchers, memberships and food their kind (issue 16)
  const headline = orderHeadlineOf(document.confirmation, t)
  const admitting = tickets.filter((ticket) => ticket.state !== "cancelled").length
  return (
    <li className="wallet__entry" data-testid="wallet-entry">
      <Link
        to="/edocument/$documentKey"
        params={{ documentKey: document.key }}
        search={{ lang: locale }}
        className="wallet__link"
      >
        <span className="wallet__feature">{headline.title}</span>
        {headline.startsAt !== null ? (
          <time className="wallet__when" dateTime={headline.startsAt}>
            {formatLongDateTime(temporal(), headline.startsAt, locale)}
          </time>
        ) : null}
        <span className="wallet__where">{headline.where}</span>
        {tickets.length > 0 ? (
          <span className={admitting === 0 ? "wallet__count wallet__count--cancelled" : "wallet__count"}>
            {admitting === 0 ? t("wallet.cancelled") : t("wallet.tickets", { n: admitting })}
          </span>
        ) : null}
        {online ? null : <SavedAge savedAt={document.savedAt} now={now} locale={locale} t={t} />}
      </Link>
    </li>
  )
}

/**
 * How old a kept copy is, shown offline on each entry: a ticket cancelled (or a voucher spent) since it was kept
 * shows so only once signal is back.
 */
const SavedAge = ({
  savedAt,
  now,
  locale,
  t,
}: Pick<SectionProps, "now" | "locale" | "t"> & { readonly savedAt: number }) => (
  <span className="wallet__age" data-testid="wallet-saved-age">
    {savedAgeLabel(savedAgeOf(savedAt, now), locale, t)}
  </span>
)

/** A voucher kept on the device: what it is, its code, what is left and its state; opens its own e-document. */
const VoucherEntry = ({
  saved,
  t,
  locale,
  online,
  now,
}: Omit<SectionProps, "id" | "title" | "documents"> & { readonly saved: SavedVoucher }) => {
  const { voucher } = saved
  const balance = voucher.kind === "money" ? formatMoney(voucher.balance, locale) : String(voucher.balance)
  return (
    <li className="wallet__entry" data-testid="wallet-voucher">
      <Link
        to="/edocument/$documentKey"
        params={{ documentKey: saved.key }}
        search={{ lang: locale }}
        className="wallet__link"
      >
        <span className="wallet__feature">{voucher.benefitName}</span>
        {/* the code reads left to right, in its place in a right-to-left card (a grid item with dir="ltr" stood at
            the card's left edge, apart from the lines around it) */}
        <span className="wallet__where">
          <bdi dir="ltr">{voucher.reference}</bdi>
        </span>
        <span className="wallet__count">
          {t("customerArea.voucher.balance")}: {balance} · {t(`customerArea.voucher.states.${voucher.state}`)}
        </span>
        {online ? null : <SavedAge savedAt={saved.savedAt} now={now} locale={locale} t={t} />}
      </Link>
    </li>
  )
}
