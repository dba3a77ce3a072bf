import { createFileRoute } from "@tanstack/react-router"
import { StripPage } from "../../staff/StripPage.tsx"

export const Route = createFileRoute("/PRES-live/")({
  component: StripPage,
})
