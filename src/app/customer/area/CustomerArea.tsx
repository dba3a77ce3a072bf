import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { AreaReservation } from "../../../api/CustomerAreaApi.ts"
import { formatMoney } from "../../i18n/format.ts"
import { useLocale, useT } from "../../i18n/useI18n.ts"
import type { StoredCustomer } from "../customerSession.ts"
import { areaDataKey, fetchAreaData } from "./areaApi.ts"
import { splitReservations } from "./areaView.ts"
import { CancelDialog } from "./CancelDialog.tsx"
import { MobileNumberForm } from "./MobileNumberForm.tsx"
import { MembershipList, VodList } from "./OwnedSections.tsx"
import { ReservationCard } from "./ReservationCard.tsx"
import { VoucherCard } from "./VoucherCard.tsx"
import "./area.css"

const SECTIONS = ["tickets", "past", "vouchers", "memberships", "vod", "profile"] as const

/**
 * The signed-in customer's area (spec §2, issue 15), under the SignedInHeader of `/customer`: my tickets, past
 * reservations, vouchers, memberships, video on demand and my details, from one `customerAreaData` read. Loaded
 * lazily by the route, so the buyers' first screen does not carry it.
 */
export const CustomerArea = ({ customer }: { readonly customer: StoredCustomer }) => {
  const t = useT()
  const locale = useLocale()
  const [cancelling, setCancelling] = useState<AreaReservation | null>(null)
  const data = useQuery({
    queryKey: areaDataKey(customer.uuid, locale),
    queryFn: ({ signal }) => fetchAreaData(locale, signal),
    staleTime: 30_000,
  })

  if (data.isPending)
    return (
      <p className="area-muted" role="status" data-testid="area-loading">
        {t("customerArea.loading")}
      </p>
    )
  if (data.isError)
    return (
      <div className="area-problem" role="alert" data-testid="area-failed">
        <p>{t("customerArea.loadFailed")}</p>
        <button type="button" className="button button--ghost" onClick={() => void data.refetch()}>
          {t("customerArea.retry")}
        </button>
      </div>
    )

  const area = data.data
  const { upcoming, past } = splitReservations(area.reservations, area.serverTime)
  const mobile = area.customer.MobileNumber1 ?? customer.mobileNumber
  /** Upcoming and past reservations: one list each, only the upcoming ones offering a cancellation. */
  const reservationSection = (
    section: "tickets" | "past",
    testId: string,
    reservations: ReadonlyArray<AreaReservation>,
    none: string,
    onCancel: ((reservation: AreaReservation) => void) | null,
  ) => (
    <section className="area-section" aria-labelledby={`area-${section}`} data-testid={testId}>
      {heading(section)}
      {reservations.length === 0 ? <p className="area-muted">{none}</p> : null}
      <div className="area-grid">
        {reservations.map((r) => (
          <ReservationCard
            key={r.reservationIdentifier}
            reservation={r}
            mobile={mobile}
            uuid={customer.uuid}
            locale={locale}
            t={t}
            onCancel={onCancel}
          />
        ))}
      </div>
    </section>
  )
  const heading = (section: (typeof SECTIONS)[number]) => (
    <h2 id={`area-${section}`} className="area-section__title">
      {t(`customerArea.nav.${section}`)}
    </h2>
  )

  return (
    <div className="area" data-testid="customer-area">
      <nav className="area-nav" aria-label={t("customerArea.navLabel")}>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section}>
              <a href={`#area-${section}`}>{t(`customerArea.nav.${section}`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      {area.transactionCredit > 0 ? (
        <p className="area-notice" data-testid="area-credit">
          {t("customerArea.credit", { amount: formatMoney(area.transactionCredit, locale) })}
        </p>
      ) : null}

      {reservationSection(
        "tickets",
        "area-upcoming",
        upcoming,
        t("customerArea.reservation.noUpcoming"),
        setCancelling,
      )}
      {reservationSection("past", "area-past", past, t("customerArea.reservation.noPast"), null)}

      <section className="area-section" aria-labelledby="area-vouchers" data-testid="area-vouchers">
        {heading("vouchers")}
        {area.SystemVouchers.length === 0 ? (
          <p className="area-muted">{t("customerArea.voucher.none")}</p>
        ) : null}
        <div className="area-grid">
          {area.SystemVouchers.map((v) => (
            <VoucherCard key={v.reference} voucher={v} uuid={customer.uuid} locale={locale} t={t} />
          ))}
        </div>
      </section>

      <section className="area-section" aria-labelledby="area-memberships" data-testid="area-memberships">
        {heading("memberships")}
        <MembershipList members={area.Members} t={t} />
      </section>

      <section className="area-section" aria-labelledby="area-vod" data-testid="area-vod">
        {heading("vod")}
        <VodList items={area.VODTickets} t={t} />
      </section>

      <section className="area-section" aria-labelledby="area-profile" data-testid="area-profile">
        {heading("profile")}
        <MobileNumberForm current={mobile} uuid={customer.uuid} locale={locale} t={t} />
      </section>

      {cancelling !== null ? (
        <CancelDialog
          reservation={cancelling}
          uuid={customer.uuid}
          locale={locale}
          t={t}
          onClose={() => setCancelling(null)}
        />
      ) : null}
    </div>
  )
}
