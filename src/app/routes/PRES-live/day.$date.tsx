import { createFileRoute } from "@tanstack/react-router"
import { DayPage } from "../../staff/DayPage.tsx"

export const Route = createFileRoute("/PRES-live/day/$date")({
  component: () => <DayPage date={Route.useParams().date} />,
})
