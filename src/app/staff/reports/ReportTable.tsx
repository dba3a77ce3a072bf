import type { SalesRow } from "../../../api/StaffReportsApi.ts"
import { formatMoney } from "../../i18n/format.ts"
import { useT } from "../../i18n/useI18n.ts"
import { formatShortDate } from "../dates.ts"
import { quantityOf, type ReportKind } from "./reportKinds.ts"
import { PAGE_SIZES, pageOf, type ReportSort, SORTS, sortRows } from "./sortRows.ts"

/** The product classes of the catalogue (migration 0003): concessions name them, the app translates them. */
const PRODUCT_CLASSES = ["popcorn", "drinks", "snacks", "combo", "glasses", "sweets"] as const
const isProductClass = (name: string): name is (typeof PRODUCT_CLASSES)[number] =>
  (PRODUCT_CLASSES as ReadonlyArray<string>).includes(name)

/**
 * A report's rows as a table a person reads: sorted as chosen (date, location, sales, or the server's ranking),
 * one page at a time with a chosen number of rows per page (spec §2, §9). Sorting and paging happen here, on the
 * rows of the answer (a report is at most a two-month range), so flipping pages asks the server nothing.
 */
export const ReportTable = ({
  kind,
  rows,
  sort,
  size,
  page,
  lang,
  onChange,
}: {
  readonly kind: ReportKind
  readonly rows: ReadonlyArray<SalesRow>
  readonly sort: ReportSort
  readonly size: number
  readonly page: number
  readonly lang: string
  readonly onChange: (patch: { sort?: ReportSort; size?: number; page?: number }) => void
}) => {
  const t = useT()
  const shown = pageOf(sortRows(rows, sort, lang), page, size)
  const hasDate = rows.some((row) => row.Date !== null)
  const hasLocation = rows.some((row) => row.LocationName !== null) && kind !== "locationTicketSales"
  const nameOf = (row: SalesRow) =>
    kind === "concessions" && isProductClass(row.Name) ? t(`staffReports.productClass.${row.Name}`) : row.Name
  return (
    <div className="report">
      <div className="report__controls">
        <label className="report__control">
          <span>{t("staffReports.sortBy")}</span>
          <select
            value={sort}
            onChange={(event) => onChange({ sort: event.target.value as ReportSort, page: 1 })}
          >
            {SORTS.map((option) => (
              <option key={option} value={option}>
                {t(`staffReports.sort.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="report__control">
          <span>{t("staffReports.rowsPerPage")}</span>
          <select value={size} onChange={(event) => onChange({ size: Number(event.target.value), page: 1 })}>
            {PAGE_SIZES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="live-table__wrap">
        <table className="live-table report__table">
          <caption className="live-table__caption">{t(`staffReports.kind.${kind}`)}</caption>
          <thead>
            <tr>
              {hasDate ? <th scope="col">{t("staffReports.date")}</th> : null}
              {hasLocation ? <th scope="col">{t("staffReports.location")}</th> : null}
              <th scope="col">{t(`staffReports.name.${kind}`)}</th>
              <th scope="col">{t(`staffReports.quantity.${quantityOf(kind)}`)}</th>
              <th scope="col">{t("staffReports.amount")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((row) => (
              <tr key={row.Key}>
                {hasDate ? <td>{row.Date === null ? "" : formatShortDate(row.Date, lang)}</td> : null}
                {hasLocation ? <td>{row.LocationName ?? ""}</td> : null}
                <th scope="row">{nameOf(row)}</th>
                <td>{row.Quantity}</td>
                <td>{formatMoney(row.AmountAgorot, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="report__pager" aria-label={t("staffReports.pages")}>
        <button
          type="button"
          className="report__page"
          disabled={shown.page <= 1}
          onClick={() => onChange({ page: shown.page - 1 })}
        >
          {t("staffReports.previous")}
        </button>
        <span className="report__where" aria-live="polite">
          {t("staffReports.pageOf", { page: shown.page, pages: shown.pages, rows: rows.length })}
        </span>
        <button
          type="button"
          className="report__page"
          disabled={shown.page >= shown.pages}
          onClick={() => onChange({ page: shown.page + 1 })}
        >
          {t("staffReports.next")}
        </button>
      </nav>
    </div>
  )
}
