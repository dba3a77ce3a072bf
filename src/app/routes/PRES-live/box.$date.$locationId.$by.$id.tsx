import { createFileRoute } from "@tanstack/react-router"
import { BoxPage } from "../../staff/BoxPage.tsx"

export const Route = createFileRoute("/PRES-live/box/$date/$locationId/$by/$id")({
  component: () => {
    const { date, locationId, by, id } = Route.useParams()
    return (
      <BoxPage
        date={date}
        locationId={Number(locationId)}
        by={by === "features" ? "features" : "venues"}
        id={Number(id)}
      />
    )
  },
})
