import { createFileRoute, redirect } from "@tanstack/react-router"
import { parsePresentationId } from "../../order/loadSeatSelection.ts"

/** `/order/{presentationId}` (spec §2) opens the order at its first screen, the seats (or the GA quantity). */
export const Route = createFileRoute("/_booking/order/$presentationId/")({
  beforeLoad: ({ params, search }) => {
    const id = parsePresentationId(params.presentationId)
    const lang = (search as { lang?: string }).lang
    throw redirect({
      href: `/order/${id}/seats${lang === undefined ? "" : `?${new URLSearchParams({ lang })}`}`,
    })
  },
})
