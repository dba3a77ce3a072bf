import { createFileRoute } from "@tanstack/react-router"
import { ReportsPage } from "../../staff/reports/ReportsPage.tsx"

const KEYS = ["report", "from", "to", "loc", "film", "sort", "dir", "size", "page"] as const
type RawSearch = Partial<Record<(typeof KEYS)[number], string | number>>

export const Route = createFileRoute("/PRES-live/reports")({
  // validateSearch stays in the app's entry (it is not split off with the page): it only picks the screen's keys,
  // and the page (its own chunk) checks their values, so no report code reaches a buyer's first screen
  validateSearch: (search: Record<string, unknown>): RawSearch => {
    const out: RawSearch = {}
    for (const key of KEYS) {
      const value = search[key]
      if (typeof value === "string" || typeof value === "number") out[key] = value
    }
    return out
  },
  component: () => {
    const navigate = Route.useNavigate()
    return (
      <ReportsPage
        search={Route.useSearch()}
        onSearch={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true })}
      />
    )
  },
})
