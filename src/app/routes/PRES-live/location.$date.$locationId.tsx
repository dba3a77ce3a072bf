import { createFileRoute } from "@tanstack/react-router"
import { LocationPage } from "../../staff/LocationPage.tsx"

type Search = { readonly by?: "venues" | "features" }

export const Route = createFileRoute("/PRES-live/location/$date/$locationId")({
  validateSearch: (search: Record<string, unknown>): Search =>
    search.by === "features" ? { by: "features" } : search.by === "venues" ? { by: "venues" } : {},
  component: () => {
    const { date, locationId } = Route.useParams()
    return <LocationPage date={date} locationId={Number(locationId)} by={Route.useSearch().by ?? "venues"} />
  },
})
