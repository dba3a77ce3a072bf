import { createFileRoute } from "@tanstack/react-router"
import { SupportPage } from "../../support/SupportPage.tsx"

export const Route = createFileRoute("/_default/support")({
  component: SupportPage,
})
