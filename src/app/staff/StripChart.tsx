import type { AttendanceDay } from "../../api/StaffApi.ts"
import { useT } from "../i18n/useI18n.ts"

/**
 * The 29-day strip as stacked columns (sold, then held, as a share of capacity), a plain SVG: the chart libraries
 * the design names (@nivo/bar) are not installed in this checkout. Time runs with the reading direction: oldest on
 * the right in Hebrew. Each column is a link-sized target that opens that day.
 */
export const StripChart = ({
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
  const ordered = rtl ? [...days].reverse() : days
  const width = 29 * 12
  const height = 100
  return (
    <figure className="strip-chart">
      <svg
        viewBox={`0 0 ${width} ${height + 14}`}
        className="strip-chart__svg"
        role="img"
        aria-label={t("staff.attendance.chartLabel")}
        preserveAspectRatio="none"
      >
        {ordered.map((day, i) => {
          const sold = day.Capacity === 0 ? 0 : (height * day.SoldQuantity) / day.Capacity
          const held = day.Capacity === 0 ? 0 : (height * day.HeldQuantity) / day.Capacity
          const x = i * 12 + 2
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: the same days are links in the table below; the chart is a shortcut for a pointer
            <g key={day.BusinessDate} onClick={() => onPick(day.BusinessDate)} className="strip-chart__day">
              <title>{`${day.BusinessDate}: ${day.SoldPercent}% / ${day.HeldPercent}%`}</title>
              <rect x={x} y={0} width={8} height={height} className="strip-chart__track" />
              <rect x={x} y={height - sold} width={8} height={sold} className="strip-chart__sold" />
              <rect x={x} y={height - sold - held} width={8} height={held} className="strip-chart__held" />
              {day.BusinessDate === today ? (
                <rect x={x} y={height + 4} width={8} height={4} className="strip-chart__today" />
              ) : null}
            </g>
          )
        })}
      </svg>
      <figcaption className="strip-chart__legend">
        <span className="strip-chart__key strip-chart__key--sold">{t("staff.attendance.sold")}</span>
        <span className="strip-chart__key strip-chart__key--held">{t("staff.attendance.held")}</span>
      </figcaption>
    </figure>
  )
}
