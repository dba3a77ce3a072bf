import type { PartialTheme } from "@nivo/theming"

/**
 * The staff charts' colours: the app's palette (src/app/styles/base.css) as plain values, since the chart library
 * writes them into SVG attributes, where CSS variables are not read everywhere. Keep in step with base.css.
 */
export const CHART_COLORS = {
  sold: "#f5b942",
  held: "#e3476b",
  line: "#4cc3d9",
  text: "#f3f1ec",
  muted: "#a9adbd",
  grid: "#2a2e3d",
  surface: "#1b1e29",
} as const

export const chartTheme: PartialTheme = {
  text: { fill: CHART_COLORS.muted, fontSize: 12 },
  axis: {
    ticks: { line: { stroke: CHART_COLORS.grid }, text: { fill: CHART_COLORS.muted } },
    legend: { text: { fill: CHART_COLORS.text } },
  },
  grid: { line: { stroke: CHART_COLORS.grid } },
  tooltip: { container: { background: CHART_COLORS.surface, color: CHART_COLORS.text, fontSize: 13 } },
}
