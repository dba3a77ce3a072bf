import { ResponsiveBar } from "@nivo/bar"
import type { AttendanceDay } from "../../../api/StaffApi.ts"
import { useT } from "../../i18n/useI18n.ts"
import { CHART_COLORS, chartTheme } from "./chartTheme.ts"

/**
 * Attendance over the 29-day strip (spec §9) as stacked columns: sold, then held, as a share of the day's capacity
 * (the percentages the server computed). Time runs with the reading direction: in Hebrew the oldest day is on the
 * right and the scale stands on the right. A column opens its day; the table below holds the same days as links.
 * No animation: a refresh every few seconds moves the columns to the new numbers without a flash.
 */
export const StripBars = ({
  days,
  today,
  rtl,
  onPick,
}: {
  readonly days: ReadonlyArray<AttendanceDay>
  readonly today: string
  readonly rtl: boolean
  readonly onPick: (date: string) => void
}) => {
  const t = useT()
  const sold = t("staff.attendance.sold")
  const held = t("staff.attendance.held")
  const data = (rtl ? [...days].reverse() : days).map((day) => ({
    date: day.BusinessDate,
    [sold]: day.SoldPercent,
    [held]: day.HeldPercent,
  }))
  const axis = {
    tickSize: 0,
    tickPadding: 6,
    tickValues: [0, 50, 100],
    format: (value: number | string) => `${value}%`,
  }
  return (
    <figure className="live-chart live-chart--strip">
      <div className="live-chart__plot">
        <ResponsiveBar
          data={data}
          keys={[sold, held]}
          indexBy="date"
          groupMode="stacked"
          valueScale={{ type: "linear", min: 0, max: 100 }}
          margin={{ top: 8, right: rtl ? 40 : 8, bottom: 26, left: rtl ? 8 : 40 }}
          padding={0.25}
          colors={[CHART_COLORS.sold, CHART_COLORS.held]}
          theme={chartTheme}
          enableLabel={false}
          enableGridY
          gridYValues={[0, 50, 100]}
          axisLeft={rtl ? null : axis}
          axisRight={rtl ? axis : null}
          axisBottom={{
            tickSize: 0,
            tickPadding: 6,
            format: (date: string | number) =>
              String(date) === today ? t("staff.attendance.today") : String(date).slice(8),
            tickValues: data.filter((_, i) => i % 7 === 0 || data[i]?.date === today).map((d) => d.date),
          }}
          animate={false}
          role="img"
          ariaLabel={t("staff.attendance.chartLabel")}
          onClick={(bar) => onPick(String(bar.indexValue))}
          tooltipLabel={(bar) => `${bar.indexValue} · ${String(bar.id)}`}
          valueFormat={(value) => `${value}%`}
        />
      </div>
      <figcaption className="strip-chart__legend">
        <span className="strip-chart__key strip-chart__key--sold">{sold}</span>
        <span className="strip-chart__key strip-chart__key--held">{held}</span>
      </figcaption>
    </figure>
  )
}
