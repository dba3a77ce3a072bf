import { createFileRoute } from "@tanstack/react-router"
import { ReferenceDetailPage } from "../../staff/references/ReferenceDetailPage.tsx"

export const Route = createFileRoute("/PRES-live/references/$priceRowId")({
  component: () => <ReferenceDetailPage priceRowId={Number(Route.useParams().priceRowId)} />,
})
