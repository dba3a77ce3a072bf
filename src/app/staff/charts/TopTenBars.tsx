import { ResponsiveBar } from "@nivo/bar"
import type { SalesRow } from "../../../api/StaffReportsApi.ts"
import { CHART_COLORS, chartTheme } from "./chartTheme.ts"

/**
 * A top ten as horizontal bars, the first at the top, each bar as long as its value. In Hebrew the bars grow from
 * the right, where the names stand. No animation, so a refresh does not flash.
 */
export const TopTenBars = ({
  rows,
  value,
  label,
  format,
  rtl,
}: {
  readonly rows: ReadonlyArray<SalesRow>
  readonly value: "Quantity" | "AmountAgorot"
  readonly label: string
  readonly format: (value: number) => string
  readonly rtl: boolean
}) => {
  // the band scale draws its first entry at the bottom: reversed, the first of the ten is on top
  const data = [...rows].reverse().map((row) => ({ key: row.Key, name: row.Name, value: row[value] }))
  const names = new Map(data.map((d) => [d.key, d.name]))
  const nameOf = (key: string | number) => {
    const name = names.get(String(key)) ?? ""
    return name.length > 22 ? `${name.slice(0, 21)}…` : name
  }
  const nameAxis = { tickSize: 0, tickPadding: 6, format: nameOf }
  return (
    <figure className="live-chart live-chart--top">
      <div className="live-chart__plot" style={{ blockSize: `${Math.max(data.length, 3) * 2.1 + 2}rem` }}>
        <ResponsiveBar
          data={data}
          keys={["value"]}
          indexBy="key"
          layout="horizontal"
          valueScale={{ type: "linear", min: 0, reverse: rtl }}
          margin={{ top: 4, right: rtl ? 150 : 16, bottom: 8, left: rtl ? 16 : 150 }}
          padding={0.3}
          colors={[CHART_COLORS.sold]}
          theme={chartTheme}
          enableGridX={false}
          enableGridY={false}
          axisLeft={rtl ? null : nameAxis}
          axisRight={rtl ? nameAxis : null}
          axisBottom={null}
          label={(bar) => format(Number(bar.value))}
          labelSkipWidth={96}
          labelTextColor="#1a1204"
          animate={false}
          role="img"
          ariaLabel={label}
          tooltipLabel={(bar) => names.get(String(bar.indexValue)) ?? ""}
          valueFormat={(v) => format(v)}
        />
      </div>
    </figure>
  )
}
