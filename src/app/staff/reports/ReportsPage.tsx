import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { lazy, Suspense } from "react"
import { formatMoney } from "../../i18n/format.ts"
import { directionOf } from "../../i18n/locales.ts"
import { useLocale, useT } from "../../i18n/useI18n.ts"
import { formatBusinessDate } from "../dates.ts"
import { LiveStatus } from "../LiveStatus.tsx"
import { sessionQuery } from "../liveQueries.ts"
import { StaffCallFailed } from "../staffApi.ts"
import { useLiveTitle } from "../useLiveTitle.ts"
import { useSignedOut } from "../useSignedOut.ts"
import { ReportFilters } from "./ReportFilters.tsx"
import { ReportTable } from "./ReportTable.tsx"
import { isTopTen, quantityOf, REPORT_KINDS } from "./reportKinds.ts"
import { filterDataQuery, hoursQuery, reportQuery } from "./reportQueries.ts"
import { type ReportSearch, resolvedSearch, validateReportSearch } from "./reportSearch.ts"

// the chart library is fetched only when a chart is drawn: never by buyers, and not before the staff member is in
const HourLine = lazy(() => import("../charts/HourLine.tsx").then((m) => ({ default: m.HourLine })))
const TopTenBars = lazy(() => import("../charts/TopTenBars.tsx").then((m) => ({ default: m.TopTenBars })))

/**
 * Reporting (spec §2): sales over the day (each hour, over the range's days) as a line, then one report at a time (chosen in the
 * tabs) as a chart where it is a top ten and always as a table that sorts and pages. All of the screen's state is
 * in the address. A failed refresh keeps the rows on screen and says 'Error Fetching Data!' (spec §8).
 */
export const ReportsPage = ({
  search: raw,
  onSearch,
}: {
  /** the address's values as they came: checked here */
  readonly search: Record<string, unknown>
  readonly onSearch: (patch: Partial<ReportSearch>) => void
}) => {
  const t = useT()
  const lang = useLocale()
  const rtl = directionOf(lang) === "rtl"
  const search = validateReportSearch(raw)
  const session = useQuery(sessionQuery(lang))
  const today = session.data?.today
  useLiveTitle(t("staffReports.title"), t("staff.appName"))
  return (
    <section className="live-screen">
      <h1 className="live-screen__title">{t("staffReports.title")}</h1>
      {today === undefined ? (
        <p className="live-screen__note">{t("staff.loading")}</p>
      ) : (
        <Reports today={today} search={search} onSearch={onSearch} lang={lang} rtl={rtl} />
      )}
    </section>
  )
}

const Reports = ({
  today,
  search,
  onSearch,
  lang,
  rtl,
}: {
  readonly today: string
  readonly search: ReportSearch
  readonly onSearch: (patch: Partial<ReportSearch>) => void
  readonly lang: string
  readonly rtl: boolean
}) => {
  const t = useT()
  const state = resolvedSearch(search, today)
  const filters = { from: state.from, to: state.to, locationId: state.locationId, featureId: state.featureId }
  const options = useQuery(filterDataQuery(lang))
  const view = { sort: state.sort, dir: state.dir, page: state.page, size: state.size }
  const report = useQuery(reportQuery(state.report, filters, view, lang))
  const hours = useQuery(hoursQuery(filters, lang))
  useSignedOut(report.error ?? hours.error ?? options.error)
  const rows = report.data?.rows ?? []
  // a request the server refused says why, translated (a stale address, an old app); anything else is §8's message
  const refused =
    report.error instanceof StaffCallFailed && report.error.code !== undefined ? report.error.code : undefined
  const hourLabel = t("staffReports.salesOverDay", {
    dates:
      state.from === state.to
        ? formatBusinessDate(state.to, lang)
        : `${formatBusinessDate(state.from, lang)} – ${formatBusinessDate(state.to, lang)}`,
  })
  return (
    <>
      <ReportFilters
        values={filters}
        options={options.data}
        onChange={(patch) =>
          onSearch({
            ...("from" in patch ? { from: patch.from } : {}),
            ...("to" in patch ? { to: patch.to } : {}),
            ...("locationId" in patch ? { loc: patch.locationId } : {}),
            ...("featureId" in patch ? { film: patch.featureId } : {}),
            page: 1,
          })
        }
      />
      <LiveStatus updatedAt={report.dataUpdatedAt} failed={report.isError && refused === undefined} />
      {refused === undefined ? null : (
        <p className="live-status__warn" role="alert">
          {t(`staffReports.error.${refused}`)}
        </p>
      )}
      <h2 className="report__heading">{hourLabel}</h2>
      <Suspense fallback={<div className="live-chart live-chart--day" />}>
        {hours.data === undefined ? (
          <div className="live-chart live-chart--day" />
        ) : (
          <HourLine perHour={hours.data} label={hourLabel} rtl={rtl} />
        )}
      </Suspense>
      <nav className="live-tabs report__kinds" aria-label={t("staffReports.choose")}>
        {REPORT_KINDS.map((kind) => (
          <Link
            key={kind}
            to="/PRES-live/reports"
            search={{ ...search, lang, report: kind, page: 1, sort: undefined, dir: undefined }}
            className="live-tabs__tab"
            aria-current={kind === state.report ? "page" : undefined}
            replace
          >
            {t(`staffReports.kind.${kind}`)}
          </Link>
        ))}
      </nav>
      {report.data === undefined ? (
        report.isPending ? (
          <p className="live-screen__note">{t("staff.loading")}</p>
        ) : null
      ) : report.data.totals.Rows === 0 ? (
        <p className="live-screen__note">{t("staffReports.none")}</p>
      ) : (
        <>
          {isTopTen(state.report) ? (
            <Suspense fallback={<div className="live-chart live-chart--top" />}>
              <TopTenBars
                rows={rows}
                value={quantityOf(state.report) === "units" ? "Quantity" : "AmountAgorot"}
                label={t(`staffReports.kind.${state.report}`)}
                format={
                  quantityOf(state.report) === "units"
                    ? (value) => String(value)
                    : (value) => formatMoney(value, lang)
                }
                rtl={rtl}
              />
            </Suspense>
          ) : null}
          <ReportTable
            kind={state.report}
            report={report.data}
            sort={state.sort}
            dir={state.dir}
            size={state.size}
            lang={lang}
            busy={report.isPlaceholderData}
            onChange={(patch) => onSearch(patch)}
          />
        </>
      )}
    </>
  )
}
