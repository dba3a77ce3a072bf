import { createFileRoute } from "@tanstack/react-router"
import { ReferencesPage } from "../../staff/references/ReferencesPage.tsx"

export const Route = createFileRoute("/PRES-live/references/")({
  component: ReferencesPage,
})
