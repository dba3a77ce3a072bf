import { createFileRoute } from "@tanstack/react-router"
import { StaffLayout } from "../staff/StaffLayout.tsx"

// The staff app (spec §2 /PRES-live): its own frame, never the buyers' layouts; split into its own chunk.
export const Route = createFileRoute("/PRES-live")({
  component: StaffLayout,
})
