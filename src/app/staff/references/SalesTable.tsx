import type { TicketAgentRow } from "../../../api/StaffReferencesApi.ts"
import { formatMoney } from "../../i18n/format.ts"
import { useLocale, useT } from "../../i18n/useI18n.ts"
import { SendSms } from "./SendSms.tsx"

const instantFormats = new Map<string, Intl.DateTimeFormat>()

/** An instant as "DD/MM/YYYY HH:mm" on the chain's clock (Jerusalem), whatever the device's zone. */
export const chainDateTime = (iso: string, locale: string): string => {
  let format = instantFormats.get(locale)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: "Asia/Jerusalem",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
    instantFormats.set(locale, format)
  }
  return format.format(new Date(iso))
}

/** Spec §3 ticket-agent rows as a table; with `canSend`, each order's row offers to send its tickets by SMS. */
export const SalesTable = ({
  rows,
  caption,
  canSend,
}: {
  readonly rows: ReadonlyArray<TicketAgentRow>
  readonly caption: string
  readonly canSend: boolean
}) => {
  const t = useT()
  const lang = useLocale()
  if (rows.length === 0) return <p className="live-screen__note">{t("staffRefs.noSales")}</p>
  return (
    <div className="live-table__wrap">
      <table className="live-table refs__table">
        <caption className="live-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("staffRefs.purchased")}</th>
            <th scope="col">{t("staffRefs.order")}</th>
            <th scope="col">{t("staffRefs.reference")}</th>
            <th scope="col">{t("staffRefs.showing")}</th>
            <th scope="col">{t("staffRefs.ticket")}</th>
            <th scope="col">{t("staffRefs.quantity")}</th>
            <th scope="col">{t("staffReports.amount")}</th>
            {canSend ? <th scope="col">{t("staffRefs.sms.title")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.Key}>
              <td>{chainDateTime(row.PurchasedAt, lang)}</td>
              <td>{row.ReservationNumber ?? "—"}</td>
              <td className="refs__name">
                {row.Reference1}
                {row.Reference2 === null ? "" : ` · ${row.Reference2}`}
                {row.AgentName === null ? null : <span className="refs__agent">{row.AgentName}</span>}
              </td>
              <td>
                {row.FeatureName}
                <span className="refs__agent">{chainDateTime(row.PresentationDateTime, lang)}</span>
              </td>
              <td>{row.TicketName}</td>
              <td>{row.Quantity}</td>
              <td>{formatMoney(row.AmountAgorot, lang)}</td>
              {canSend ? (
                <td>
                  {row.ReservationNumber === null ? null : (
                    <SendSms reservationNumber={row.ReservationNumber} />
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
