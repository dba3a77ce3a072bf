import { createFileRoute } from "@tanstack/react-router"
import { FeatureViewPage } from "../../staff/featureView/FeatureViewPage.tsx"

export const Route = createFileRoute("/PRES-live/v2")({
  component: FeatureViewPage,
})
