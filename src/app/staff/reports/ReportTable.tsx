import type { SalesReport, SalesRow } from "../../../api/StaffReportsApi.ts"
import { PAGE_SIZES, SORT_DIRECTIONS, type SortDirection } from "../../../domain/live/reportPaging.ts"
import { formatMoney } from "../../i18n/format.ts"
import { useT } from "../../i18n/useI18n.ts"
import { formatShortDate } from "../dates.ts"
import { quantityOf, type ReportKind } from "./reportKinds.ts"
import { type ReportSort, SORTS } from "./reportSearch.ts"

/** The product classes of the catalogue (migration 0003): concessions name them, the app translates them. */
const PRODUCT_CLASSES = ["popcorn", "drinks", "snacks", "combo", "glasses", "sweets"] as const
const isProductClass = (name: string): name is (typeof PRODUCT_CLASSES)[number] =>
  (PRODUCT_CLASSES as ReadonlyArray<string>).includes(name)

type Patch = { sort?: ReportSort; dir?: SortDirection | undefined; size?: number; page?: number }

/**
 * A report's page as a table a person reads: sorted as chosen (date, location, sales, or the report's ranking) in
 * the chosen direction, with a chosen number of rows per page (spec §2, §9), and the totals of every row under it.
 * The server sorts and pages (the answer is the page); the pager asks for the next page.
 */
export const ReportTable = ({
  kind,
  report,
  sort,
  dir,
  size,
  lang,
  busy,
  onChange,
}: {
  readonly kind: ReportKind
  readonly report: SalesReport
  readonly sort: ReportSort
  readonly dir: SortDirection
  readonly size: number
  readonly lang: string
  /** the rows on screen are the previous page's or order's while the asked one is on its way */
  readonly busy: boolean
  readonly onChange: (patch: Patch) => void
}) => {
  const t = useT()
  const rows = report.rows
  const hasDate = rows.some((row) => row.Date !== null)
  const hasLocation = rows.some((row) => row.LocationName !== null) && kind !== "locationTicketSales"
  const nameOf = (row: SalesRow) =>
    kind === "concessions" && isProductClass(row.Name) ? t(`staffReports.productClass.${row.Name}`) : row.Name
  return (
    <div className="report" aria-busy={busy}>
      <div className="report__controls">
        <label className="report__control">
          <span>{t("staffReports.sortBy")}</span>
          <select
            value={sort}
            onChange={(event) =>
              onChange({ sort: event.target.value as ReportSort, dir: undefined, page: 1 })
            }
          >
            {SORTS.map((option) => (
              <option key={option} value={option}>
                {t(`staffReports.sort.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="report__control">
          <span>{t("staffReports.direction")}</span>
          <select
            value={dir}
            disabled={sort === "rank"}
            onChange={(event) => onChange({ dir: event.target.value as SortDirection, page: 1 })}
          >
            {SORT_DIRECTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`staffReports.directions.${option}`)}
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
            {rows.map((row) => (
              <tr key={row.Key}>
                {hasDate ? <td>{row.Date === null ? "" : formatShortDate(row.Date, lang)}</td> : null}
                {hasLocation ? <td>{row.LocationName ?? ""}</td> : null}
                <th scope="row">{nameOf(row)}</th>
                <td>{row.Quantity}</td>
                <td>{formatMoney(row.AmountAgorot, lang)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={1 + (hasDate ? 1 : 0) + (hasLocation ? 1 : 0)}>
                {t("staffReports.total")}
              </th>
              <td>{report.totals.Quantity}</td>
              <td>{formatMoney(report.totals.AmountAgorot, lang)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <nav className="report__pager" aria-label={t("staffReports.pages")}>
        <button
          type="button"
          className="report__page"
          disabled={report.page <= 1}
          onClick={() => onChange({ page: report.page - 1 })}
        >
          {t("staffReports.previous")}
        </button>
        <span className="report__where" aria-live="polite">
          {t("staffReports.pageOf", { page: report.page, pages: report.pages, rows: report.totals.Rows })}
        </span>
        <button
          type="button"
          className="report__page"
          disabled={report.page >= report.pages}
          onClick={() => onChange({ page: report.page + 1 })}
        >
          {t("staffReports.next")}
        </button>
      </nav>
    </div>
  )
}
