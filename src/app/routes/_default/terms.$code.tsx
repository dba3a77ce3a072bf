import { createFileRoute } from "@tanstack/react-router"
import { TermsPage } from "../../terms/TermsPage.tsx"

export const Route = createFileRoute("/_default/terms/$code")({
  component: () => <TermsPage code={Route.useParams().code} />,
})
