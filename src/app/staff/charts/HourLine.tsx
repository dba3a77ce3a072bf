import { ResponsiveLine } from "@nivo/line"
import { CHART_COLORS, chartTheme } from "./chartTheme.ts"

/**
 * Sales over one day: tickets sold per hour (00–23, Jerusalem), hours with no sale at 0. Time runs with the
 * reading direction (in Hebrew midnight is on the right, the scale too). No animation, so a refresh does not flash.
 */
export const HourLine = ({
  perHour,
  label,
  rtl,
}: {
  /** 24 numbers, hour 0 first */
  readonly perHour: ReadonlyArray<number>
  readonly label: string
  readonly rtl: boolean
}) => {
  const points = perHour.map((y, hour) => ({ x: String(hour).padStart(2, "0"), y }))
  const data = [{ id: label, data: rtl ? [...points].reverse() : points }]
  const valueAxis = { tickSize: 0, tickPadding: 6, tickValues: 4 }
  return (
    <figure className="live-chart live-chart--day">
      <div className="live-chart__plot">
        <ResponsiveLine
          data={data}
          xScale={{ type: "point" }}
          yScale={{ type: "linear", min: 0, max: "auto" }}
          margin={{ top: 10, right: rtl ? 40 : 12, bottom: 26, left: rtl ? 12 : 40 }}
          colors={[CHART_COLORS.line]}
          theme={chartTheme}
          curve="monotoneX"
          enableArea
          areaOpacity={0.15}
          pointSize={5}
          enableGridX={false}
          gridYValues={4}
          axisLeft={rtl ? null : valueAxis}
          axisRight={rtl ? valueAxis : null}
          axisBottom={{
            tickSize: 0,
            tickPadding: 6,
            tickValues: points.filter((_, i) => i % 3 === 0).map((p) => p.x),
          }}
          useMesh
          animate={false}
          role="img"
          ariaLabel={label}
        />
      </div>
    </figure>
  )
}
