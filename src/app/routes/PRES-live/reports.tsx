import { createFileRoute } from "@tanstack/react-router"
import { ReportsPage } from "../../staff/reports/ReportsPage.tsx"
import { validateReportSearch } from "../../staff/reports/reportSearch.ts"

export const Route = createFileRoute("/PRES-live/reports")({
  validateSearch: validateReportSearch,
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
